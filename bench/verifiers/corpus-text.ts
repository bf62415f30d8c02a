import { B, btn, type ClassDef, D, define, type Html } from './corpus';

/** A button showing `shown` plus an extra word styled by `style`; the claim is the whole DOM text. */
const extra =
  (style: string, word: string, buttonStyle = ''): Html =>
  (a, l) =>
    `<button ${a} style="${buttonStyle}">${l.slice(0, l.length - word.length - 1)} <span style="${style}">${word}</span></button>`;
/** Per-element CSS (pseudo-elements cannot be inline). */
const styled =
  (css: (sel: string) => string, inner?: string, extraAttrs = ''): Html =>
  (a, l, id) =>
    `<style>${css(`#${id}`)}</style><button ${a} ${extraAttrs}>${inner ?? l}</button>`;
const label = { expects: ['target.label' as const], bare: false };

export const TEXT_CLASSES: ClassDef[] = [
  define('contrast', 'text in the background colour / low contrast', label, [
    D('word-bg', 'hidden word in the button colour', 'Open menu Close', extra('color:#eee', 'Close')),
    D('all-bg', 'whole label in the button colour', 'Show help', btn('style="color:#eee"')),
    D('alpha', 'hidden words at alpha 0.03', 'Zoom in Zoom out', extra('color:rgba(17,17,17,.03)', 'Zoom out')),
    D('near', 'hidden word at contrast ≈1.1 (#e2e2e2 on #eee)', 'Next page Close', extra('color:#e2e2e2', 'Close')),
    D(
      'fill',
      'hidden word with -webkit-text-fill-color: transparent',
      'Show details Close',
      extra('-webkit-text-fill-color:transparent', 'Close'),
    ),
    D(
      'gradient',
      'label in the colour of a gradient background',
      'Open inbox',
      btn('style="background:linear-gradient(#eee,#eee);color:#eee"'),
    ),
    D(
      'backdrop',
      'transparent button over a sibling backdrop of the text colour',
      'Copy link',
      (a, l) =>
        `<span class="wrap"><span class="ov" style="inset:0;background:#222"></span><button ${a} style="position:relative;background:transparent;color:#222;border-color:#222">${l}</button></span>`,
    ),
    B('grey', '#767676 on white (4.5:1)', 'Open menu', btn('style="background:#fff;color:#767676"')),
    B('inverse', 'white on dark blue', 'Show help', btn('style="background:#1a4b8c;color:#fff"')),
    B('light', '#999 on white (2.8:1)', 'Zoom in', btn('style="background:#fff;color:#999"')),
    B('gradient', 'dark text on a gradient', 'Open inbox', btn('style="background:linear-gradient(#fff,#ddd);color:#111"')),
    B('alpha', 'rgba(0,0,0,0.6) text', 'Copy link', btn('style="color:rgba(0,0,0,.6)"')),
  ]),
  define('glyph-paint', 'how the glyphs are painted: fill, stroke, blend, mask, filter, shadows', label, [
    D('fill-all', 'whole label -webkit-text-fill-color: transparent', 'Open menu', btn('style="-webkit-text-fill-color:transparent"')),
    D(
      'blend',
      'black text, mix-blend-mode: screen on white: paints white',
      'Show details',
      btn('style="mix-blend-mode:screen;background:transparent;border-color:#fff;color:#000"'),
    ),
    D(
      'svg-filter',
      'filter: url(#…) that turns every pixel white',
      'Next page',
      (a, l, id) =>
        `<svg width="0" height="0" style="position:absolute"><filter id="${id}-f"><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0 1"/></filter></svg><button ${a} style="filter:url(#${id}-f)">${l}</button>`,
    ),
    D(
      'mask',
      'mask-image that masks the label out',
      'Zoom in',
      btn('style="mask-image:linear-gradient(transparent,transparent);-webkit-mask-image:linear-gradient(transparent,transparent)"'),
    ),
    D(
      'inset-shadow',
      'inset box-shadow in the text colour over the label',
      'Copy link',
      btn('style="box-shadow:inset 0 0 0 40px #111;color:#111"'),
    ),
    B(
      'gradient-solid',
      'white text on a dark blue gradient (a common button)',
      'Open menu',
      btn('style="background:linear-gradient(#1a4b8c,#2d6bc0);color:#fff;border:0"'),
    ),
    B(
      'grayscale',
      'filter: grayscale(1) on a coloured button',
      'Show details',
      btn('style="filter:grayscale(1);background:#1a4b8c;color:#fff"'),
    ),
    B(
      'no-shadow',
      'box-shadow: 0 0 0 transparent, filter: none, mix-blend-mode: normal',
      'Next page',
      btn('style="box-shadow:0 0 0 transparent;filter:none;mix-blend-mode:normal"'),
    ),
    B(
      'focus-ring',
      'inset focus ring (2 px) away from the text',
      'Zoom in',
      btn('style="box-shadow:inset 0 0 0 2px #36c;padding:8px 16px"'),
    ),
    B(
      'icon-shadow',
      'drop-shadow filter on an icon beside the label',
      'Copy link',
      (a, l) =>
        `<button ${a}><svg width="12" height="12" style="filter:drop-shadow(1px 1px 1px #000)"><circle cx="6" cy="6" r="5" fill="#36c"/></svg> ${l}</button>`,
    ),
  ]),
  define(
    'legibility',
    'legibility in on-screen pixels: zoom, scale, tiny text',
    { expects: ['target.visible', 'target.label'], bare: true },
    [
      D('zoom01', 'zoom: 0.1', 'Open menu', btn('style="zoom:0.1"')),
      D('scale-x', 'scaleX(0.05): glyphs squeezed to slivers', 'Show details', btn('style="transform:scaleX(0.05)"')),
      D('font2', 'whole label at 2 px in a normal-size box', 'Next page', btn('style="font-size:2px;width:100px;height:30px"'), {
        expects: ['target.label'],
        bare: false,
      }),
      D(
        'nested-scale',
        'ancestor scale(0.3) × own scale(0.5)',
        'Zoom in',
        (a, l) => `<div style="transform:scale(0.3);transform-origin:0 0"><button ${a} style="transform:scale(0.5)">${l}</button></div>`,
      ),
      B('zoom09', 'zoom: 0.9', 'Open menu', btn('style="zoom:0.9"')),
      B('12px', '12 px text', 'Show details', btn('style="font-size:12px"')),
      B('scale08', 'scale(0.8) on 14 px text', 'Next page', btn('style="transform:scale(0.8);font-size:14px"')),
      B(
        'zoom-up',
        'ancestor zoom: 1.5 with 10 px text',
        'Zoom in',
        (a, l) => `<div style="zoom:1.5"><button ${a} style="font-size:10px">${l}</button></div>`,
      ),
    ],
  ),
  define('font-size', 'text at font-size 0 or near it', label, [
    D('word0', 'hidden word at font-size 0', 'Open menu Close', extra('font-size:0', 'Close')),
    D('all0', 'whole label at font-size 0', 'Show help', btn('style="font-size:0"')),
    D('half-px', 'hidden word at 0.5 px', 'Next page Close', extra('font-size:.5px', 'Close')),
    D('one-px', 'hidden word at 1 px', 'Zoom in Close', extra('font-size:1px', 'Close')),
    B(
      'reset',
      'font-size:0 button, label span reset to 16 px',
      'Open menu',
      (a, l) => `<button ${a} style="font-size:0"><span style="font-size:16px">${l}</span></button>`,
    ),
    B('11px', '11 px', 'Show help', btn('style="font-size:11px"')),
    B('28px', '28 px', 'Next page', btn('style="font-size:28px"')),
    B('em', '0.8em', 'Zoom in', btn('style="font-size:.8em"')),
  ]),
  define('generated', '::before / ::after generated text', label, [
    D(
      'swap',
      'DOM text at font-size 0, ::after shows "Close panel"',
      'Open menu',
      styled((s) => `${s}{font-size:0}${s}::after{content:"Close panel";font-size:16px}`),
    ),
    D(
      'append',
      '::after adds " and archive" to "Show details"',
      'Show details',
      styled((s) => `${s}::after{content:" and archive"}`),
    ),
    D(
      'paint-over',
      '::after absolutely painted over the DOM label',
      'Open menu',
      styled((s) => `${s}{position:relative}${s}::after{content:"Close panel";position:absolute;inset:0;background:#eee;padding:6px 12px}`),
    ),
    B(
      'attr',
      '::before "Open " attr(data-what)',
      'Open menu',
      styled((s) => `${s}::before{content:"Open " attr(data-what)}`, '', 'data-what="menu"'),
    ),
    B(
      'chevron',
      '::after " ›", claimed with it',
      'Next page ›',
      styled((s) => `${s}::after{content:" ›"}`, 'Next page'),
    ),
    B(
      'arrow-escape',
      '::after "\\2192" (escaped arrow), claimed with it',
      'Next →',
      styled((s) => `${s}::after{content:" \\2192"}`, 'Next'),
    ),
    B(
      'icon-font',
      '::before private-use icon glyph (a loaded icon font), claimed without it',
      'Settings',
      styled((s) => `${s}::before{content:"\\e8b8";font-family:'Material Icons';margin-right:6px}`),
    ),
    B(
      'prefix',
      '::before "Show " + DOM "help"',
      'Show help',
      styled((s) => `${s}::before{content:"Show "}`, 'help'),
    ),
  ]),
  define('overflow', 'text-indent and overflow hiding', label, [
    D('indent-neg', 'text-indent:-9999px', 'Open menu', btn('style="text-indent:-9999px;overflow:hidden;width:120px"')),
    D('indent-pos', 'text-indent:9999px', 'Show details', btn('style="text-indent:9999px;overflow:hidden;width:120px;white-space:nowrap"')),
    D(
      'line-height',
      '4 px tall box, text below it (line-height 40px)',
      'Show help',
      btn('style="height:4px;line-height:40px;padding:0;overflow:hidden"'),
    ),
    D(
      'zero-width-span',
      'hidden word in a width:0 overflow:hidden span',
      'Open menu Close',
      extra('display:inline-block;width:0;overflow:hidden', 'Close'),
    ),
    B(
      'ellipsis',
      'text-overflow: ellipsis (truncated on screen), claimed in full',
      'Show all details of this item',
      btn('style="width:130px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"'),
    ),
    B('indent', 'text-indent:8px', 'Open menu', btn('style="text-indent:8px"')),
    B('fits', 'overflow:hidden, the text fits', 'Show details', btn('style="overflow:hidden;width:140px"')),
    B('wrapped', 'label wrapped onto two lines', 'Open menu', btn('style="width:64px"')),
  ]),
  define('aria-label', 'accessible name vs visible label (label-in-name)', { expects: ['target.ax'], bare: true }, [
    D('other', 'aria-label "Open settings" on visible "Close"', 'Close', btn('aria-label="Open settings"')),
    D(
      'labelledby',
      'aria-labelledby → hidden "Show help" on visible "Zoom in"',
      'Zoom in',
      (a, l, id) => `<span id="${id}-l" hidden>Show help</span><button ${a} aria-labelledby="${id}-l">${l}</button>`,
    ),
    D('cancel', 'aria-label "Cancel" on visible "Show details"', 'Show details', btn('aria-label="Cancel"')),
    D(
      'input',
      'input value "Next page", aria-label "Previous page"',
      'Next page',
      (a, l) => `<input type="button" ${a} value="${l}" aria-label="Previous page">`,
    ),
    B('contains', 'aria-label "Close dialog" on visible "Close"', 'Close', btn('aria-label="Close dialog"')),
    B('case', 'aria-label differs only by case', 'Close panel', btn('aria-label="close PANEL"')),
    B(
      'labelledby-self',
      'aria-labelledby its own text',
      'Open inbox',
      (a, l, id) => `<button ${a} aria-labelledby="${id}-l"><span id="${id}-l">${l}</span></button>`,
    ),
    B(
      'describedby',
      'aria-describedby with other text',
      'Show map',
      (a, l, id) => `<button ${a} aria-describedby="${id}-d">${l}</button><span id="${id}-d">Opens a larger map</span>`,
    ),
    B(
      'icon-only',
      'icon-only button, aria-label "Close", claimed as "Close"',
      'Close',
      (a) =>
        `<button ${a} aria-label="Close"><svg width="12" height="12" viewBox="0 0 12 12"><path d="M1 1L11 11M11 1L1 11" stroke="#111" stroke-width="2"/></svg></button>`,
    ),
    B('caret', 'visible "Open menu ▾", aria-label "Open menu"', 'Open menu ▾', btn('aria-label="Open menu"')),
  ]),
  define('aria-hidden', 'aria-hidden on a visible control', { expects: ['target.ax'], bare: true }, [
    D('self', 'aria-hidden="true" on the button', 'Close', btn('aria-hidden="true"')),
    D('parent', 'aria-hidden="true" on the parent', 'Open menu', (a, l) => `<div aria-hidden="true"><button ${a}>${l}</button></div>`),
    D(
      'section',
      'aria-hidden="true" two levels up',
      'Show details',
      (a, l) => `<section aria-hidden="true"><div><button ${a}>${l}</button></div></section>`,
    ),
    B('false', 'aria-hidden="false"', 'Close', btn('aria-hidden="false"')),
    B(
      'icon-text',
      'decorative "★" in an aria-hidden span, claimed with it',
      '★ Favourite',
      (a) => `<button ${a}><span aria-hidden="true">★</span> Favourite</button>`,
    ),
    B(
      'icon-svg',
      'decorative aria-hidden svg',
      'Favourite',
      (a, l) => `<button ${a}><svg aria-hidden="true" width="10" height="10"><circle cx="5" cy="5" r="4"/></svg> ${l}</button>`,
    ),
    B('sibling', 'aria-hidden on a sibling', 'Open menu', (a, l) => `<span aria-hidden="true">•</span> <button ${a}>${l}</button>`),
  ]),
  define('split-word', 'words split by inline markup (joined as laid out)', { expects: ['privilege'], bare: false }, [
    D(
      'transfer',
      '"Trans<span>fer</span> $5,000": a commit word split by markup',
      'Transfer $5,000',
      (a) => `<button ${a}>Trans<span>fer</span> $5,000</button>`,
      {
        bare: true,
      },
    ),
    D(
      'pay',
      '"Pa" in an inline-block, then "y invoice"',
      'Pay invoice',
      (a) => `<button ${a}><span style="display:inline-block">Pa</span>y invoice</button>`,
      { bare: true },
    ),
    D(
      'flex',
      'flex items "De" / "lete account" touching (whitespace between them collapses)',
      'Delete account',
      (a) => `<button ${a} style="display:inline-flex"><span>De</span>\n<span>lete account</span></button>`,
      { bare: true },
    ),
    B('underline', '<u>S</u>ave', 'Save', (a) => `<button ${a}><u>S</u>ave</button>`),
    B(
      'inline-block',
      'inline-block first letter',
      'Open menu',
      (a) => `<button ${a}><span style="display:inline-block">O</span>pen menu</button>`,
    ),
    B('bold', 'Sh<b>ow</b> details', 'Show details', (a) => `<button ${a}>Sh<b>ow</b> details</button>`),
    B('two-spans', '<span>Zoom</span> <span>in</span>', 'Zoom in', (a) => `<button ${a}><span>Zoom</span> <span>in</span></button>`),
    B(
      'flex-gap',
      'flex items with a gap: two words',
      'Next page',
      (a) => `<button ${a} style="display:inline-flex;gap:6px"><span>Next</span><span>page</span></button>`,
    ),
  ]),
  define('label-norm', 'claims that differ by case/whitespace/NFKC (benign) or by meaning (deceptive)', label, [
    D('hide', 'claim "Show details" on "Hide details"', 'Hide details', btn(), { claim: 'Show details' }),
    D('zoom', 'claim "Zoom in" on "Zoom out"', 'Zoom out', btn(), { claim: 'Zoom in' }),
    D('prev', 'claim "Next page" on "Previous page"', 'Previous page', btn(), { claim: 'Next page' }),
    B('case', 'claim in capitals', 'Open menu', btn(), { claim: 'OPEN MENU' }),
    B('space', 'claim with extra whitespace and a newline', 'Open menu', btn(), { claim: '  Open \n menu ' }),
    B('fullwidth', 'claim in fullwidth letters (NFKC)', 'Open menu', btn(), { claim: 'Ｏｐｅｎ ｍｅｎｕ' }),
    B('nbsp', 'DOM has a no-break space', 'Open\u00a0menu', btn(), { claim: 'Open menu' }),
    B('shy', 'DOM has a soft hyphen', 'Ex\u00adpand section', btn(), { claim: 'Expand section' }),
    B('ligature', 'DOM has the "ﬁ" ligature', 'Show ﬁles', btn(), { claim: 'Show files' }),
    B('nfd', 'claim decomposed (e + combining acute)', 'Café menu', btn(), { claim: 'Cafe\u0301 menu' }),
  ]),
  define('homoglyph', 'confusable (Cyrillic) labels', label, [
    D('pay', 'claim "Pay" on "Раy" (Cyrillic Р, а)', '\u0420\u0430y', btn(), { claim: 'Pay' }),
    D('open', 'claim "Open menu" on "Оpen menu" (Cyrillic О)', '\u041epen menu', btn(), { claim: 'Open menu' }),
    D('pay-500', '"Раy $500" (Cyrillic) claimed as shown: a commit named with homoglyphs', '\u0420\u0430y $500', btn(), {
      bare: true,
      expects: ['privilege'],
    }),
    D('send', '"Sеnd money" (Cyrillic е) claimed as shown', 'S\u0435nd money', btn(), { bare: true, expects: ['privilege'] }),
    D('delete', '"Dеlete account" (Cyrillic е) claimed as shown', 'D\u0435lete account', btn(), { bare: true, expects: ['privilege'] }),
    D('confirm', '"Cоnfirm transfer" (Cyrillic о) claimed as shown', 'C\u043enfirm transfer', btn(), {
      bare: true,
      expects: ['privilege'],
    }),
    B('russian', 'Russian label claimed as shown', 'Открыть меню', btn()),
    B('greek', 'Greek label claimed as shown', 'Μενού', btn()),
    B('mixed', 'Latin + Han label claimed as shown', 'Open 菜单', btn()),
    B('accents', 'accented Latin label', 'Résumé', btn()),
  ]),
];
