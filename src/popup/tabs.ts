export type View = 'all' | 'blocked';

const ORDER: View[] = ['all', 'blocked'];

/** The All / Blocked tabs (WAI-ARIA tabs pattern: one tab stop, the arrow keys, Home and End move between tabs). */
export function initTabs(show: (view: View) => void): void {
  const tabs = {
    all: document.getElementById('view-all') as HTMLButtonElement,
    blocked: document.getElementById('view-blocked') as HTMLButtonElement,
  };
  const select = (next: View) => {
    for (const [name, tab] of Object.entries(tabs)) {
      tab.setAttribute('aria-selected', String(name === next));
      tab.tabIndex = name === next ? 0 : -1;
    }
    show(next);
  };
  tabs.all.addEventListener('click', () => select('all'));
  tabs.blocked.addEventListener('click', () => select('blocked'));
  for (const [name, tab] of Object.entries(tabs) as [View, HTMLButtonElement][]) {
    tab.addEventListener('keydown', (event) => {
      const at = ORDER.indexOf(name);
      const next = {
        ArrowRight: ORDER[(at + 1) % ORDER.length],
        ArrowLeft: ORDER[(at + ORDER.length - 1) % ORDER.length],
        Home: ORDER[0],
        End: ORDER.at(-1),
      }[event.key];
      if (!next) return;
      event.preventDefault();
      select(next);
      tabs[next].focus();
    });
  }
}
