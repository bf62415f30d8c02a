/**
 * Listens for the MAIN-world interceptor's synchronous checks of an in-page assistant's clicks
 * (agent-check.ts). The page's click() cannot wait: until the check and the tables it needs have
 * loaded (started here, once an assistant was detected), no answer is given, which is no — the
 * click is held and proposed to the gate as any other.
 */
type Certify = (element: Element) => boolean;

let listening: string | null = null;
let certified: Certify | null = null;

export function listenForAgentChecks(type: string): void {
  if (listening !== null || !/^warrant-check-[0-9a-f]{32}$/u.test(type)) return;
  listening = type;
  document.addEventListener(type, onCheck, true);
  import('./agent-check').then(
    (module) => {
      certified = module.certifiedInteraction;
    },
    () => undefined,
  );
}

function onCheck(event: Event): void {
  event.stopImmediatePropagation();
  const target = event.composedPath()[0];
  if (certified !== null && target instanceof Element && certified(target)) event.preventDefault();
}
