import { addEventListener, apply } from '../primordials';

/**
 * Which assistant is acting, for the audit only (it never changes a decision, and a page can fake
 * it). page-agent announces its pointer with window CustomEvents some 300 ms before each click.
 */
const PAGE_AGENT_EVENTS = [
  'PageAgent::MovePointerTo',
  'PageAgent::ClickPointer',
  'PageAgent::EnablePassThrough',
  'PageAgent::DisablePassThrough',
];

let detected: string | null = null;

export function watchForAgents(): void {
  const seen = () => {
    detected = 'page-agent';
  };
  for (let at = 0; at < PAGE_AGENT_EVENTS.length; at += 1) apply(addEventListener, window, [PAGE_AGENT_EVENTS[at], seen, true]);
}

export function agentLabel(): string {
  return `intercepted:${detected ?? 'unknown'}`;
}

export function agentDetected(): boolean {
  return detected !== null;
}
