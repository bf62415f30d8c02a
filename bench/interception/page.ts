/**
 * The bench page: about 5,000 elements (navigation, a menu, 200 product cards with links,
 * buttons, inputs and labels, a form) and a few inline scripts that wire handlers and dispatch
 * events while the page loads, as an ordinary web application does. Its last script defines
 * `window.__bench`, the page's own programmatic activity the click bench times.
 *
 * The visible text avoids the words Warrant reads as commitments (pay, send, order, …): every
 * programmatic click here is benign, so both arms perform it and the bench times only the check.
 */

const CARDS = 190;
const NAV_LINKS = 60;

const WORDS = ['alpha', 'river', 'maple', 'stone', 'cloud', 'amber', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor'];
const word = (i: number) => WORDS[i % WORDS.length]!;

function card(i: number): string {
  const tags = Array.from({ length: 3 }, (_, t) => `<li class="tag">${word(i + t)}</li>`).join('');
  return `<article class="card" id="card-${i}" data-index="${i}">
  <header class="card-head"><h3 class="card-title"><a href="#card-${i}" class="card-link"><span class="card-name">Item ${i} ${word(i)}</span></a></h3>
  <span class="badge">${word(i * 7)}</span></header>
  <div class="card-body"><p class="card-text">A ${word(i)} ${word(i + 1)} model, <em>${word(i + 2)}</em> finish, <strong>${10 + (i % 90)}</strong> units.</p>
  <ul class="tags">${tags}</ul>
  <dl class="facts"><dt>Size</dt><dd>${1 + (i % 9)}</dd><dt>Weight</dt><dd>${(i % 17) + 2} kg</dd></dl></div>
  <footer class="card-foot"><label class="qty-label" for="qty-${i}">Quantity</label>
  <input class="qty" id="qty-${i}" type="number" value="1" min="1">
  <button type="button" class="details" data-card="${i}">Details</button>
  <button type="button" class="fav" aria-pressed="false" data-card="${i}"><span class="icon">☆</span></button></footer>
</article>`;
}

/** The page's own scripts, inline so their parse and run count in the load. */
const HEAD_SCRIPT = `
window.app = { started: performance.now(), clicks: 0, inputs: 0, ticks: 0, events: [] };
document.addEventListener('app:log', (e) => { window.app.events.push(e.detail); });
`;

const MID_SCRIPT = `
(() => {
  const nav = document.getElementById('nav');
  for (const link of nav.querySelectorAll('a')) link.addEventListener('click', (e) => e.preventDefault());
  document.dispatchEvent(new CustomEvent('app:log', { detail: 'nav ready' }));
})();
`;

const END_SCRIPT = `
(() => {
  const app = window.app;
  const menu = document.getElementById('menu-toggle');
  const panel = document.getElementById('menu-panel');
  menu.addEventListener('click', () => {
    app.clicks += 1;
    const open = menu.getAttribute('aria-expanded') !== 'true';
    menu.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  });
  for (const button of document.querySelectorAll('button.details, button.fav')) {
    button.addEventListener('click', () => { app.clicks += 1; });
  }
  for (const link of document.querySelectorAll('a.card-link')) {
    link.addEventListener('click', (e) => { e.preventDefault(); app.clicks += 1; });
  }
  const catalog = document.getElementById('catalog');
  catalog.addEventListener('click', (e) => { if (e.target === catalog) app.clicks += 1; });
  const search = document.getElementById('search');
  search.addEventListener('input', () => { app.inputs += 1; });
  window.addEventListener('app:tick', () => { app.ticks += 1; });
  document.addEventListener('app:tick', () => { app.ticks += 1; });
  // Load-time activity through the patched functions: events dispatched, a menu opened and closed.
  for (let i = 0; i < 50; i += 1) window.dispatchEvent(new CustomEvent('app:tick'));
  menu.click();
  menu.click();
  for (const input of document.querySelectorAll('input.qty')) input.value = '2';
  document.dispatchEvent(new CustomEvent('app:log', { detail: 'ready' }));

  const span = document.querySelector('#card-3 .card-name');
  const firstCard = document.getElementById('card-0');
  // A click on a card (or on the catalogue itself) counts once, wherever it was clicked from.
  catalog.addEventListener('click', (e) => { if (e.target.classList.contains('card')) app.clicks += 1; });
  const byKind = {
    // A menu toggle, clicked by the page itself.
    'click-button': (n) => { for (let i = 0; i < n; i += 1) menu.click(); },
    // The same toggle, through a dispatched synthetic click.
    'dispatch-click': (n) => {
      for (let i = 0; i < n; i += 1) menu.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    },
    // A click on a span inside a same-page link (the activatable ancestor is the link).
    'click-link': (n) => { for (let i = 0; i < n; i += 1) span.click(); },
    // The value setter and an input event: not an activation, the patch passes it through.
    'input-event': (n) => {
      for (let i = 0; i < n; i += 1) {
        search.value = 'q' + (i & 15);
        search.dispatchEvent(new Event('input', { bubbles: true }));
      }
    },
    // An application event on window (not a Node): passed through as well.
    'custom-event': (n) => { for (let i = 0; i < n; i += 1) window.dispatchEvent(new CustomEvent('app:tick')); },
    // The same on document (a Node): the comparison shows what the window target costs.
    'document-event': (n) => { for (let i = 0; i < n; i += 1) document.dispatchEvent(new CustomEvent('app:tick')); },
    // A click on one card (an article, not activatable, ~25 descendants): read as its own label.
    'click-card': (n) => { for (let i = 0; i < n; i += 1) firstCard.click(); },
    // A click on a large non-activatable container: the interceptor reads its whole text.
    'click-container': (n) => { for (let i = 0; i < n; i += 1) catalog.click(); },
    // page-agent announces each click on window just before making it.
    'agent-click': (n) => {
      for (let i = 0; i < n; i += 1) {
        window.dispatchEvent(new CustomEvent('PageAgent::ClickPointer'));
        menu.click();
      }
    },
    // The page's own click once an agent has been seen on it.
    'own-click-agent-present': (n) => { for (let i = 0; i < n; i += 1) menu.click(); },
  };
  const counters = () => app.clicks + app.inputs + app.ticks;
  window.__bench = {
    kinds: Object.keys(byKind),
    // Calibrates a batch size that takes at least batchMs (twice in a row), then times batches until minMs have
    // passed (and at least 7 batches): the per-call time is the median batch over its size, so a
    // batch slowed by another process on the machine does not move it.
    run(kind, batchMs, minMs) {
      const before = counters();
      const fn = byKind[kind];
      let error = null;
      let ops = 0;
      let n = 1;
      const times = [];
      try {
        // Twice in a row, so that one batch stalled by another process does not stop it early.
        let long = 0;
        while (long < 2) {
          const t0 = performance.now();
          fn(n);
          const took = performance.now() - t0;
          ops += n;
          if (took >= batchMs) long += 1;
          else {
            long = 0;
            n *= 2;
          }
        }
        let total = 0;
        while (total < minMs || times.length < 7) {
          const t0 = performance.now();
          fn(n);
          const took = performance.now() - t0;
          ops += n;
          times.push(took);
          total += took;
        }
      } catch (e) {
        error = String(e && e.name ? e.name + ': ' + e.message : e);
      }
      times.sort((a, b) => a - b);
      const mid = times.length === 0 ? NaN : (times[(times.length - 1) >> 1] + times[times.length >> 1]) / 2;
      return { usPerOp: (mid * 1000) / n, batch: n, batches: times.length, ops, handled: counters() - before, error };
    },
  };
})();
`;

export type PageShape = { elements: number; nodes: number; scripts: number; catalogDescendants: number; catalogTextChars: number };

export function benchPage(): string {
  const nav = Array.from({ length: NAV_LINKS }, (_, i) => `<li><a href="/section/${i}">Section ${i} ${word(i)}</a></li>`).join('\n');
  const cards = Array.from({ length: CARDS }, (_, i) => card(i)).join('\n');
  const options = Array.from({ length: 40 }, (_, i) => `<option value="${i}">${word(i)} ${i}</option>`).join('');
  const panel = Array.from({ length: 12 }, (_, i) => `<li><a href="#card-${i * 10}">Jump to item ${i * 10}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Interception bench: 5,000 elements</title>
<style>
body { font: 14px/1.4 sans-serif; margin: 0; }
#nav ul { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 4px; }
#catalog { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; padding: 8px; }
.card { border: 1px solid #ccc; padding: 6px; border-radius: 4px; }
.tags { display: flex; gap: 4px; list-style: none; padding: 0; }
.facts { display: grid; grid-template-columns: auto 1fr; }
</style>
<script>${HEAD_SCRIPT}</script></head>
<body>
<header id="top"><h1>Catalogue</h1>
<button type="button" id="menu-toggle" aria-expanded="false" aria-controls="menu-panel">Menu</button>
<nav id="menu-panel" hidden><ul>${panel}</ul></nav>
<form id="search-form" role="search" action="/search"><label for="search">Search</label>
<input id="search" name="q" type="search"><select name="cat">${options}</select></form>
<nav id="nav"><ul>${nav}</ul></nav></header>
<script>${MID_SCRIPT}</script>
<main><section id="catalog">
${cards}
</section></main>
<footer id="foot"><p>Catalogue footer, ${CARDS} items.</p></footer>
<script>${END_SCRIPT}</script>
</body></html>
`;
}

/** What the page is, measured in the browser that loaded it. */
export function pageShapeScript(): PageShape {
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  let nodes = 0;
  while (walker.nextNode()) nodes += 1;
  const catalog = document.getElementById('catalog')!;
  return {
    elements: document.getElementsByTagName('*').length,
    nodes,
    scripts: document.scripts.length,
    catalogDescendants: catalog.getElementsByTagName('*').length,
    catalogTextChars: (catalog.textContent ?? '').length,
  };
}
