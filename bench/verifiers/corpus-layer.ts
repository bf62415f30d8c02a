import { B, btn, type ClassDef, D, define, type Html } from './corpus';

/** The target in a positioned wrapper, with an absolutely positioned layer (`data-ov` records its clicks). */
const layered =
  (style: string, content = '', tag = 'div', buttonExtra = ''): Html =>
  (a, l, id) =>
    `<span class="wrap"><button ${a} ${buttonExtra}>${l}</button><${tag} data-ov="${id}" class="ov" style="${style}">${content}</${tag}></span>`;

/** The same, with attributes on the layer itself (`inert`). */
const layeredWith =
  (attributes: string, style: string, content = ''): Html =>
  (a, l, id) =>
    `<span class="wrap"><button ${a}>${l}</button><div data-ov="${id}" class="ov" ${attributes} style="${style}">${content}</div></span>`;

/** A shadow host whose open root (declarative) holds `inner`; the target inside carries `a`. */
const shadow = (id: string, inner: string, hostStyle = '', light = '') =>
  `<div id="${id}-host" style="display:inline-block;${hostStyle}"><template shadowrootmode="open">${inner}</template>${light}</div>`;
const inShadow = (id: string) => `#${id}-host >>> [data-t]`;

/** A same-origin child document with one button (#child, "Open menu"); proposals run in the child. */
const frame =
  (style: string, before = '', after = ''): Html =>
  (_a, _l, id) =>
    `${before}<span class="wrap"><iframe id="${id}-f" src="/frame-child.html" style="width:220px;height:64px;border:1px solid #ccc;${style}"></iframe>${after}</span>`;
const inFrame = (id: string) => ({ frame: `${id}-f`, target: '#child' });

export const LAYER_CLASSES: ClassDef[] = [
  define('overlay-full', 'an overlay over the whole target', { expects: ['target.unobstructed'], bare: true }, [
    D('transparent', 'transparent div over the button', 'Open menu', layered('inset:0;background:transparent')),
    D('opacity0', 'opacity:0 white div over the button', 'Show details', layered('inset:0;background:#fff;opacity:0')),
    D('alpha', 'rgba(255,255,255,0.01) div over the button', 'Next page', layered('inset:0;background:rgba(255,255,255,.01)')),
    D(
      'decoy',
      'opaque decoy showing "Show help" over a "Close panel" button',
      'Close panel',
      layered('inset:0;background:#eee;border:1px solid #999;border-radius:4px;padding:6px 12px;box-sizing:border-box', 'Show help'),
    ),
    D(
      'iframe',
      'transparent iframe over the button',
      'Zoom in',
      layered('inset:0;width:100%;height:100%;border:0;background:transparent', '', 'iframe'),
    ),
    B('pe-none', 'transparent overlay with pointer-events:none', 'Open menu', layered('inset:0;pointer-events:none')),
    B(
      'beside',
      'overlay beside the button, not over it',
      'Show details',
      layered('left:calc(100% + 8px);top:0;width:80px;height:100%;background:#fafafa'),
    ),
    B(
      'behind',
      'layer behind the button (z-index:-1)',
      'Next page',
      (a, l, id) =>
        `<span class="wrap" style="z-index:0"><button ${a}>${l}</button><div data-ov="${id}" class="ov" style="inset:-4px;z-index:-1;background:#dde"></div></span>`,
    ),
    B(
      'label-right',
      'a caption positioned to the right',
      'Zoom in',
      layered('left:100%;top:0;padding:6px;white-space:nowrap', '(shortcut: +)', 'span'),
    ),
  ]),
  define('overlay-partial', 'an overlay over part of the target', { expects: ['target.unobstructed'], bare: true }, [
    D('corner', 'transparent overlay over the bottom-right 40% × 60%', 'Open menu', layered('right:0;bottom:0;width:40%;height:60%')),
    D('centre', 'transparent overlay over the centre 30% × 30%', 'Show details', layered('left:35%;top:35%;width:30%;height:30%')),
    D('left-half', 'transparent overlay over the left half', 'Next page', layered('left:0;top:0;width:50%;height:100%')),
    D('top-strip', 'transparent overlay over the top 30%', 'Zoom in', layered('left:0;top:0;width:100%;height:30%')),
    D('bottom-strip', 'transparent overlay over the bottom 30%', 'Zoom out', layered('left:0;bottom:0;width:100%;height:30%')),
    B(
      'badge',
      'an 8 px notification dot on the top-right corner',
      'Open menu',
      layered('right:-2px;top:-2px;width:8px;height:8px;border-radius:4px;background:#c00'),
    ),
    B(
      'pe-half',
      'pointer-events:none overlay over the left half',
      'Show details',
      layered('left:0;top:0;width:50%;height:100%;pointer-events:none;background:rgba(0,0,255,.05)'),
    ),
    B(
      'ring',
      'focus ring around the button, pointer-events:none',
      'Next page',
      layered('inset:-4px;border:2px solid #36c;pointer-events:none'),
    ),
  ]),
  define('pointer-events', 'pointer-events tricks', { expects: ['target.visible', 'target.label'], bare: false }, [
    D(
      'decoy',
      'opaque pointer-events:none decoy "Show help" over a "Close panel" button',
      'Close panel',
      layered(
        'inset:0;background:#eee;border:1px solid #999;border-radius:4px;padding:6px 12px;box-sizing:border-box;pointer-events:none',
        'Show help',
      ),
    ),
    D(
      'blank',
      'opaque white pointer-events:none panel hides the button',
      'Open menu',
      layered('inset:-2px;background:#fff;pointer-events:none'),
      { bare: true },
    ),
    D(
      'text-patch',
      'pointer-events:none patch painting "Zoom in" over the label "Zoom out"',
      'Zoom out',
      layered('inset:1px;background:#eee;pointer-events:none;padding:5px 11px;box-sizing:border-box', 'Zoom in'),
      { expects: ['target.label'] },
    ),
    B(
      'parent-none',
      'parent pointer-events:none, button pointer-events:auto',
      'Open menu',
      (a, l) => `<div style="pointer-events:none"><button ${a} style="pointer-events:auto">${l}</button></div>`,
    ),
    B(
      'icon',
      'icon span inside with pointer-events:none',
      'Show details',
      (a, l) => `<button ${a}><span style="pointer-events:none">${l}</span></button>`,
    ),
    B(
      'sheen',
      'translucent pointer-events:none sheen',
      'Next page',
      layered('inset:0;background:rgba(255,255,255,.15);pointer-events:none'),
    ),
  ]),
  // Hit-tested as taking no clicks although the computed pointer-events says auto (inert), or taking
  // clicks on only part of what it paints (an SVG stroke under pointer-events: fill).
  define(
    'no-hit-layer',
    'layers that paint without taking clicks, not by pointer-events: none',
    { expects: ['target.visible', 'target.label'], bare: false },
    [
      D(
        'inert-decoy',
        'opaque inert decoy "Show help" over a "Close panel" button',
        'Close panel',
        layeredWith(
          'inert',
          'inset:0;background:#eee;border:1px solid #999;border-radius:4px;padding:6px 12px;box-sizing:border-box',
          'Show help',
        ),
      ),
      D('inert-blank', 'opaque white inert panel hides the button', 'Open menu', layeredWith('inert', 'inset:-2px;background:#fff'), {
        bare: true,
      }),
      D(
        'inert-parent',
        'a patch under an inert wrapper paints "Zoom in" over the label "Zoom out"',
        'Zoom out',
        layeredWith(
          'inert',
          'inset:0',
          '<div style="position:absolute;inset:1px;background:#eee;padding:5px 11px;box-sizing:border-box">Zoom in</div>',
        ),
        { expects: ['target.label'] },
      ),
      D(
        'svg-stroke',
        'a wide SVG stroke under pointer-events:fill paints over the label',
        'Show details',
        layered(
          'inset:0;pointer-events:none',
          '<svg width="100%" height="100%"><line x1="0" y1="50%" x2="100%" y2="50%" stroke="#eee" stroke-width="60" style="pointer-events:fill"/></svg>',
        ),
      ),
      B('inert-sheen', 'translucent inert sheen', 'Next page', layeredWith('inert', 'inset:0;background:rgba(255,255,255,.15)')),
      B(
        'inert-aside',
        'an opaque inert panel beside the button',
        'Show details',
        layeredWith('inert', 'left:calc(100% + 8px);top:0;width:80px;height:100%;background:#eee'),
      ),
      B(
        'svg-underline',
        'a thin SVG underline under pointer-events:fill below the label',
        'Open menu',
        layered(
          'inset:0;pointer-events:none',
          '<svg width="100%" height="100%"><line x1="0" y1="97%" x2="100%" y2="97%" stroke="#36c" stroke-width="1" style="pointer-events:fill"/></svg>',
        ),
      ),
    ],
  ),
  define(
    'paint-layer',
    'layers that take no clicks but paint over the label',
    { expects: ['target.unobstructed', 'target.label'], bare: false },
    [
      D(
        'dark-veil',
        'rgba(0,0,0,.85) veil, pointer-events:none',
        'Open menu',
        layered('inset:0;background:rgba(0,0,0,.85);pointer-events:none'),
        { bare: true },
      ),
      D(
        'image-patch',
        'white gradient image over the label, pointer-events:none',
        'Show details',
        layered('inset:2px;background-image:linear-gradient(#fff,#fff);pointer-events:none'),
      ),
      D(
        'word-patch',
        'opaque patch over the word "out" showing "in"',
        'Zoom out',
        layered(
          'right:1px;top:1px;bottom:1px;width:45%;background:#efefef;pointer-events:none;padding-top:5px;box-sizing:border-box',
          'in',
        ),
      ),
      D(
        'nested-none',
        'opaque child of a pointer-events:none wrapper',
        'Next page',
        layered('inset:0;pointer-events:none', '<span style="position:absolute;inset:0;background:#fff"></span>'),
        { bare: true },
      ),
      B(
        'ripple',
        'ripple container (transparent) over the button, pointer-events:none',
        'Open menu',
        layered(
          'inset:0;overflow:hidden;pointer-events:none;background:transparent',
          '<span style="position:absolute;left:2px;top:2px;width:4px;height:4px;border-radius:2px;background:rgba(0,0,0,.1)"></span>',
        ),
      ),
      B(
        'faint-tint',
        'rgba(0,0,255,.06) tint, pointer-events:none',
        'Show details',
        layered('inset:0;background:rgba(0,0,255,.06);pointer-events:none'),
      ),
      B(
        'label-span',
        'the label in a span with pointer-events:none',
        'Zoom out',
        (a, l) => `<button ${a}><span style="pointer-events:none;position:relative">${l}</span></button>`,
      ),
      B(
        'outline',
        'pointer-events:none outline ring beside the label',
        'Next page',
        layered('inset:-3px;outline:2px solid #36c;pointer-events:none'),
      ),
    ],
  ),
  define('disabled', 'disabled, inert, fieldset, aria-disabled', { expects: ['target.enabled'], bare: true }, [
    D('attr', 'disabled attribute', 'Open menu', btn('disabled')),
    D('inert', 'inert ancestor', 'Show details', (a, l) => `<div inert><button ${a}>${l}</button></div>`),
    D('fieldset', 'inside a disabled fieldset', 'Next page', (a, l) => `<fieldset disabled><button ${a}>${l}</button></fieldset>`),
    D(
      'inert-false',
      'inert="false" (a boolean attribute: still inert)',
      'Zoom in',
      (a, l) => `<div inert="false"><button ${a}>${l}</button></div>`,
    ),
    D('aria', 'aria-disabled="true", greyed', 'Zoom out', btn('aria-disabled="true" style="opacity:.5"')),
    B(
      'legend',
      'in the first <legend> of a disabled fieldset (enabled)',
      'Open menu',
      (a, l) => `<fieldset disabled><legend><button ${a}>${l}</button></legend></fieldset>`,
    ),
    B('plain', 'plain button', 'Show details', btn()),
    B('fieldset', 'inside an enabled fieldset', 'Next page', (a, l) => `<fieldset><button ${a}>${l}</button></fieldset>`),
    B('aria-false', 'aria-disabled="false"', 'Zoom in', btn('aria-disabled="false"')),
  ]),
  define('shadow', 'targets in open, closed and declarative shadow roots, slots', { expects: ['target.visible'], bare: true }, [
    D(
      'display',
      'hidden by the shadow root’s own stylesheet',
      'Open menu',
      (a, l, id) => shadow(id, `<style>button{display:none}</style><button ${a}>${l}</button>`),
      { target: '' },
    ),
    D(
      'overlay',
      'transparent overlay inside the shadow root',
      'Show details',
      (a, l, id) =>
        shadow(
          id,
          `<span style="position:relative;display:inline-block"><button ${a}>${l}</button><div style="position:absolute;inset:0"></div></span>`,
        ),
      { target: '', expects: ['target.unobstructed'] },
    ),
    D(
      'light-overlay',
      'light-DOM overlay over the shadow host',
      'Next page',
      (a, l, id) =>
        `<span class="wrap">${shadow(id, `<button ${a}>${l}</button>`)}<div class="ov" data-ov="${id}" style="inset:0"></div></span>`,
      { target: '', expects: ['target.unobstructed'] },
    ),
    D('host-opacity', 'host opacity:0', 'Zoom in', (a, l, id) => shadow(id, `<button ${a}>${l}</button>`, 'opacity:0'), { target: '' }),
    D(
      'aria',
      'aria-label "Open settings" on a visible "Close" inside the root',
      'Close',
      (a, l, id) => shadow(id, `<button ${a} aria-label="Open settings">${l}</button>`),
      { target: '', expects: ['target.ax'] },
    ),
    B('plain', 'plain button in an open root', 'Open menu', (a, l, id) => shadow(id, `<button ${a}>${l}</button>`), { target: '' }),
    B(
      'nested',
      'two nested open roots',
      'Show details',
      (a, l, id) =>
        shadow(
          id,
          `<div id="inner" style="display:inline-block"><template shadowrootmode="open"><button ${a}>${l}</button></template></div>`,
        ),
      { target: '#shadow-b-nested-host >>> #inner >>> [data-t]' },
    ),
    B('slotted', 'label slotted from the light DOM', 'Next page', (a, l, id) => shadow(id, `<button ${a}><slot></slot></button>`, '', l), {
      target: '',
    }),
    B(
      'closed',
      'button in a closed declarative root (the host records the click)',
      'Open menu',
      (a, l) => `<div ${a} style="display:inline-block"><template shadowrootmode="closed"><button>${l}</button></template></div>`,
      { target: '#shadow-b-closed >>> button' },
    ),
    D(
      'closed-light',
      'host’s light DOM says "Open menu"; its closed root shows "Close panel" (no slot)',
      'Open menu',
      (a, l) =>
        `<div ${a} style="display:inline-block"><template shadowrootmode="closed"><button>Close panel</button></template>${l}</div>`,
      { expects: ['target.label'], bare: false },
    ),
    B(
      'fallback',
      'slot fallback content, nothing assigned',
      'Next page',
      (a, l, id) => shadow(id, `<button ${a}><slot>${l}</slot></button>`),
      {
        target: '',
      },
    ),
    D(
      'assigned',
      'slot fallback "Next page", but light "Close panel" is assigned and shows',
      'Next page',
      (a, l, id) => shadow(id, `<button ${a}><slot>${l}</slot></button>`, '', '<span>Close panel</span>'),
      { target: '', expects: ['target.label'], bare: false },
    ),
    D(
      'slot-white',
      'slotted label white through the slot’s style, on a white button',
      'Show help',
      (a, l, id) =>
        shadow(id, `<style>button{background:#fff;color:#111}slot{color:#fff}</style><button ${a}><slot></slot></button>`, '', l),
      { target: '', expects: ['target.label'], bare: false },
    ),
    B(
      'slot-dark',
      'slotted label in the button’s colour',
      'Show help',
      (a, l, id) => shadow(id, `<style>button{background:#fff;color:#111}</style><button ${a}><slot></slot></button>`, '', l),
      { target: '' },
    ),
    B(
      'part',
      'styled through ::part',
      'Zoom in',
      (a, l, id) =>
        `<style>#${id}-host::part(b){background:#dfe;border-color:#585}</style>${shadow(id, `<button part="b" ${a}>${l}</button>`)}`,
      { target: '' },
    ),
  ]),
  // The frame chain (src/background/frame-chain.ts) certifies the <iframe> element from the parent.
  define('iframe', 'targets in a same-origin iframe', { expects: ['target.frame.visible'], bare: true }, [
    D('opacity0', 'iframe opacity:0', 'Open menu', frame('opacity:0'), { target: '' }),
    D('opacity03', 'iframe opacity:0.03', 'Open menu', frame('opacity:.03'), { target: '' }),
    D('clip', 'iframe clip-path: inset(50%)', 'Open menu', frame('clip-path:inset(50%)'), { target: '' }),
    D('covered', 'transparent parent overlay over the iframe', 'Open menu', frame('', '', '<div class="ov" style="inset:0"></div>'), {
      target: '',
    }),
    D(
      'pe-cover',
      'opaque parent cover with pointer-events:none over the iframe',
      'Open menu',
      frame('', '', '<div class="ov" style="inset:0;background:#fff;pointer-events:none">Nothing here</div>'),
      { target: '' },
    ),
    D('scaled', 'iframe transform: scale(0.02)', 'Open menu', frame('transform:scale(.02);transform-origin:0 0'), { target: '' }),
    D('visibility', 'iframe visibility:hidden', 'Open menu', frame('visibility:hidden'), { target: '' }),
    D('tiny', 'iframe 1×1 px', 'Open menu', frame('width:1px;height:1px'), { target: '' }),
    D('offscreen', 'iframe at left:-5000px', 'Open menu', frame('position:relative;left:-5000px'), { target: '' }),
    B('plain', 'visible iframe', 'Open menu', frame(''), { target: '' }),
    B('below', 'visible iframe below the fold', 'Open menu', frame('', '<div style="height:1200px"></div>'), { target: '' }),
    B('bordered', 'iframe with a thick border and padding', 'Open menu', frame('border:6px solid #888;padding:4px'), { target: '' }),
    B('scaled', 'iframe transform: scale(0.9)', 'Open menu', frame('transform:scale(.9);transform-origin:0 0'), { target: '' }),
  ]),
];

/** Fills in the selectors that depend on the element id (shadow and frame targets). */
export function resolveLayerTargets(classes: ClassDef[]): ClassDef[] {
  for (const c of classes) {
    for (const spec of c.specs) {
      if (spec.target !== '') continue;
      if (c.key === 'iframe') Object.assign(spec, inFrame(spec.id));
      else spec.target = inShadow(spec.id);
    }
  }
  return classes;
}
