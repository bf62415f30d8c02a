import { describe, expect, it } from 'vitest';
import { clickPrivilege, namesCommitment, navigationPrivilege, resolveTarget, targetPrivilege } from '../../src/core';
import { destinationsOf } from '../../src/core/plan/links';
import { hasOption, optionsNamed } from '../../src/core/plan/predicates';
import { getRequestUrl } from '../../src/core/plan/privilege';
import { certificate, element, FRAME } from './helpers/evidence';

describe('namesCommitment', () => {
  it.each([
    ['Pay now', true],
    ['PAY', true],
    ['Confirm order', true],
    ['Delete account', true],
    ['pay-now', true],
    ['Ｐａｙ', true],
    ['确认付款', true],
    ['立即支付', true],
    ['Paypal info', false],
    ['Payment history', false],
    // A commitment word naming a thing (commit-lexicon.ts NOT_COMMITTING), while any other word still commits.
    ['Order history', false],
    ['Track my order', false],
    ['Transfer history', false],
    ['Confirmation details', false],
    ['Cancellation policy', false],
    ['Sign-in options', false],
    ['View orders', false],
    ['Order now', true],
    ['Confirm details', true],
    ['Place order', true],
    ['Cancel order', true],
    ['Pay order history', true],
    ['Order history: transfer now', true],
    ['Оrder history', false],
    ['Order hist0ry', true],
    ['Cancel order number 4471', true],
    ['Cancel order details', true],
    ['Reorder columns', false],
    // Only a few words may come before an exempt phrase (commit-lexicon.ts EXEMPT_LEAD): others may make it a command.
    ['Place order number 4471', true],
    ['Place order summary', true],
    ['Place order details', true],
    ['Fast-track order', true],
    ['Your order history', false],
    ['View your order details', false],
    ['Go to order status', false],
    ['Show details', false],
    ['', false],
  ])('%j → %s', (label, expected) => {
    expect(namesCommitment(label)).toBe(expected);
  });
});

describe('clickPrivilege', () => {
  it('is interact for a plain control without commitment words', () => {
    expect(clickPrivilege(element(), 'Show details')).toBe('interact');
    expect(clickPrivilege(element(), null)).toBe('interact');
  });

  it('is commit when the visible text names a commitment', () => {
    expect(clickPrivilege(element(), 'Pay now')).toBe('commit');
    expect(clickPrivilege(element(), '确认付款')).toBe('commit');
  });

  it('matches whole words only: "Paypal" is not "pay"', () => {
    expect(clickPrivilege(element(), 'Paypal info')).toBe('interact');
  });

  it('is commit for a submit control whatever it says', () => {
    expect(clickPrivilege(element({ isSubmit: true }), 'Next')).toBe('commit');
    expect(clickPrivilege(element({ isSubmit: true }), null)).toBe('commit');
  });

  it("judges a GET or dialog submission by its words and where it goes, a POST or a sensitive form's as a commit", () => {
    const request = (method: 'get' | 'post' | 'dialog', action = 'https://shop.example/search') =>
      ({ action, method, enctype: 'application/x-www-form-urlencoded', target: '_self', entries: [] }) as never;
    const origin = { frameOrigin: 'https://shop.example' };
    const submit = (method: 'get' | 'post' | 'dialog', more = {}, action?: string) =>
      element({ isSubmit: true, submission: request(method, action), ...more });
    expect(clickPrivilege(submit('get'), { visibleText: 'Search', ...origin })).toBe('interact');
    expect(clickPrivilege(submit('dialog'), { visibleText: 'Got it', ...origin })).toBe('interact');
    expect(clickPrivilege(submit('get', {}, 'https://evil.example/s'), { visibleText: 'Search', ...origin })).toBe('navigate');
    expect(clickPrivilege(submit('get'), { visibleText: 'Search' })).toBe('navigate');
    // Its words still name a commitment; a form holding personal or payment data is sent all the same.
    expect(clickPrivilege(submit('get'), { visibleText: 'Delete account', ...origin })).toBe('commit');
    expect(clickPrivilege(submit('dialog'), { visibleText: 'Confirm purchase', ...origin })).toBe('commit');
    expect(clickPrivilege(submit('get', { formHasPersonal: true }), { visibleText: 'Search', ...origin })).toBe('commit');
    expect(clickPrivilege(submit('get', { formHasPayment: true }), { visibleText: 'Search', ...origin })).toBe('commit');
    expect(clickPrivilege(submit('post'), { visibleText: 'Search', ...origin })).toBe('commit');
    // Where it goes is its URL with the entries as the query: a field carrying another site (an open
    // redirect's `next`) leaves the site as a link's query would; an ordinary field does not.
    const carrying = (value: string, truncated = false) =>
      element({
        isSubmit: true,
        submission: {
          action: 'https://shop.example/go?next=/home#top',
          method: 'get',
          enctype: 'application/x-www-form-urlencoded',
          target: '',
          entries: [{ name: 'next', value, label: null, id: null, shown: false }],
          truncated,
        },
      });
    expect(clickPrivilege(carrying('https://evil.example/'), { visibleText: 'Search', ...origin })).toBe('navigate');
    expect(clickPrivilege(carrying('//evil.example/x'), { visibleText: 'Search', ...origin })).toBe('navigate');
    expect(clickPrivilege(carrying('https://www.shop.example/cart'), { visibleText: 'Search', ...origin })).toBe('interact');
    expect(clickPrivilege(carrying('headphones'), { visibleText: 'Search', ...origin })).toBe('interact');
    // Entries not all read: where it goes is not known.
    expect(clickPrivilege(carrying('headphones', true), { visibleText: 'Search', ...origin })).toBe('navigate');
    expect(getRequestUrl({ action: 'https://shop.example/go?next=/home#top', entries: [{ name: 'q', value: 'a b&c' }] })).toBe(
      'https://shop.example/go?q=a+b%26c#top',
    );
    expect(getRequestUrl({ action: 'mailto:a@shop.example', entries: [{ name: 'q', value: 'x' }] })).toBe('mailto:a@shop.example');
    // What the click presses counts with what was clicked on: "account" inside "Delete account".
    expect(clickPrivilege(submit('get', { pressed: 'Delete my account' }), { visibleText: 'my account', ...origin })).toBe('commit');
    expect(clickPrivilege(submit('dialog', { pressed: 'Delete account' }), { visibleText: 'account', ...origin })).toBe('commit');
    expect(clickPrivilege(element({ pressed: 'Pay now' }), { visibleText: 'now', ...origin })).toBe('commit');
    expect(clickPrivilege(element({ pressed: 'Show details' }), { visibleText: 'details', ...origin })).toBe('interact');
    // A submit of a form is judged by its submit buttons' words, and asks where the target is not shown.
    const field = (more = {}) => element({ visible: true, submission: request('get'), ...more });
    expect(targetPrivilege('submit', 'commit', field({ formButtons: ['Delete account'] }), { visibleText: 'Reason', ...origin })).toBe(
      'commit',
    );
    expect(targetPrivilege('submit', 'commit', field({ formButtons: ['Search'] }), { visibleText: 'Search the shop', ...origin })).toBe(
      'interact',
    );
    expect(targetPrivilege('submit', 'commit', field({ visible: false }), { visibleText: '', ...origin })).toBe('commit');
    // A request not read is taken as posted.
    expect(clickPrivilege(element({ isSubmit: true }), { visibleText: 'Search', ...origin })).toBe('commit');
    // The submit tool alike.
    expect(targetPrivilege('submit', 'commit', element({ submission: request('get') }), { visibleText: 'Search', ...origin })).toBe(
      'interact',
    );
    expect(targetPrivilege('submit', 'commit', element({ submission: request('post') }), { visibleText: 'Search', ...origin })).toBe(
      'commit',
    );
    expect(targetPrivilege('submit', 'commit', element({ submission: request('get') }), { visibleText: 'Pay now', ...origin })).toBe(
      'commit',
    );
    expect(targetPrivilege('submit', 'commit', element({ submission: request('get'), formHasPassword: true }), 'Search')).toBe(
      'credential',
    );
  });

  it('is credential for submitting a form with a password field, even when it names a commitment', () => {
    expect(clickPrivilege(element({ isSubmit: true, formHasPassword: true }), 'Log in')).toBe('credential');
    expect(clickPrivilege(element({ isSubmit: true, formHasPassword: true }), 'Confirm')).toBe('credential');
  });

  it('does not treat a password form as credential unless the control submits it', () => {
    expect(clickPrivilege(element({ formHasPassword: true }), 'Show password')).toBe('interact');
  });
});

describe('resolveTarget', () => {
  const SELECTOR = '#pay';
  const target = (value: unknown, frame = FRAME, selector = SELECTOR) =>
    resolveTarget([certificate('ui_element', value, selector, { region: { frame, selector } })], FRAME, SELECTOR);
  const code = (result: ReturnType<typeof resolveTarget>) => (result.ok ? 'ok' : result.reasons[0]?.code);

  it('resolves exactly one match to its element', () => {
    const result = target(element());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.element).toEqual(element());
  });

  it.each([
    ['no match', element({ count: 0 }), 'target_not_found'],
    ['two matches', element({ count: 2 }), 'target_ambiguous'],
    ['a selector error', element({ count: 0, selectorError: "'#[' is not a valid selector" }), 'invalid_selector'],
    ['a malformed value', { count: 1 }, 'evidence_missing'],
  ])('rejects %s', (_name, value, expected) => {
    expect(code(target(value))).toBe(expected);
  });

  it('needs a ui_element certificate for this frame and selector', () => {
    expect(code(resolveTarget([], FRAME, SELECTOR))).toBe('evidence_missing');
    expect(code(target(element(), 'f1'))).toBe('evidence_missing');
    expect(code(target(element(), FRAME, '#other'))).toBe('evidence_missing');
    const wrongType = certificate('hit_test', element(), SELECTOR);
    expect(code(resolveTarget([wrongType], FRAME, SELECTOR))).toBe('evidence_missing');
  });

  it('names the selector and the count in the message', () => {
    const result = target(element({ count: 3 }));
    expect(result.ok ? '' : result.reasons[0]?.message).toMatch(/3 elements match "#pay"/);
  });
});

describe('privilege from target semantics beyond the visible text', () => {
  it('treats downloads, payment fields, commit words in the accessible name and cross-site links as privileged', () => {
    expect(clickPrivilege(element({ download: true, href: 'https://bank.example/statement.pdf' }), 'Statement')).toBe('commit');
    expect(clickPrivilege(element(), { visibleText: '→', accessibleName: 'Pay now' })).toBe('commit');
    expect(clickPrivilege(element(), { visibleText: '→', accessibleName: '确认付款' })).toBe('commit');
    const link = element({ tag: 'a', href: 'https://evil.example/login' });
    expect(clickPrivilege(link, { visibleText: 'Your account', frameOrigin: 'https://bank.example' })).toBe('navigate');
    const sameSiteLink = element({ tag: 'a', href: 'https://www.bank.example/help' });
    expect(clickPrivilege(sameSiteLink, { visibleText: 'Help', frameOrigin: 'https://bank.example' })).toBe('interact');
    expect(targetPrivilege('type', 'interact', element({ tag: 'input', editable: true, isPayment: true }), 'Card number')).toBe(
      'credential',
    );
    expect(targetPrivilege('type', 'interact', element({ tag: 'input', editable: true }), 'Name')).toBe('interact');
  });

  it("judges a link that opens in another browsing context against the tab's site as well as its frame's", () => {
    const frame = { visibleText: 'Help', frameOrigin: 'https://evil.example', tabOrigin: 'https://bank.example' };
    // A cross-site frame's target=_top link to its own site, or to a lookalike of the tab's (a red team, Dec 7).
    for (const href of ['https://evil.example/help', 'https://xn--bnk-6cd.example/'])
      expect(clickPrivilege(element({ tag: 'a', href, opensElsewhere: true }), frame), href).toBe('navigate');
    // Within the frame, its own site is no navigation; the tab's site from anywhere is none either.
    expect(clickPrivilege(element({ tag: 'a', href: 'https://evil.example/help' }), frame)).toBe('interact');
    const top = { visibleText: 'Help', frameOrigin: 'https://bank.example', tabOrigin: 'https://bank.example' };
    expect(clickPrivilege(element({ tag: 'a', href: 'https://www.bank.example/help', opensElsewhere: true }), top)).toBe('interact');
    expect(
      clickPrivilege(element({ tag: 'a', href: 'https://bank.example/help', opensElsewhere: true }), {
        ...frame,
        frameOrigin: 'https://bank.example',
      }),
    ).toBe('interact');
  });
});

describe('commit words in lookalike spellings', () => {
  it('counts "Раy" (Cyrillic Р and а) and "Dеlete" (Cyrillic е) as commitments', () => {
    expect(namesCommitment('Раy $500')).toBe(true);
    expect(namesCommitment('Dеlete account')).toBe(true);
    expect(namesCommitment('Open menu')).toBe(false);
  });

  it('compares skeleton with skeleton: words with an "m" ("Rҽmoѵe", "Coռքirm") are caught, their honest neighbours are not', () => {
    // UTS #39 maps "m" to "rn": the label's skeleton "rernove" must meet the word's skeleton.
    expect(namesCommitment('Rҽmoѵe item')).toBe(true);
    expect(namesCommitment('Coռքirm booking')).toBe(true);
    expect(namesCommitment('Cоnfւrm booking')).toBe(true);
    expect(namesCommitment('Remove item')).toBe(true);
    expect(namesCommitment('Move item')).toBe(false);
    expect(namesCommitment('Preview booking')).toBe(false);
  });
});

describe('commit words in the 23 most used web languages (commit-lexicon.ts)', () => {
  const commits: [string, string][] = [
    ['fr', 'Payer maintenant'],
    ['fr', 'Confirmer la commande'],
    ['fr', 'Supprimer le compte'],
    ['fr', 'Faire un don'],
    ['de', 'Jetzt bezahlen'],
    ['de', 'Zahlungspflichtig bestellen'],
    ['de', 'Überweisung ausführen'],
    ['de', 'Konto löschen'],
    ['es', 'Pagar ahora'],
    ['es', 'Finalizar compra'],
    ['es', 'Enviar transferencia'],
    ['pt', 'Finalizar pedido'],
    ['pt', 'Confirmar pagamento'],
    ['it', 'Procedi al pagamento'],
    ['it', 'Effettua ordine'],
    ['nl', 'Nu betalen'],
    ['nl', 'Afrekenen'],
    ['pl', 'Zapłać teraz'],
    ['pl', 'Kup teraz'],
    ['sv', 'Ta bort konto'],
    ['cs', 'Objednat a zaplatit'],
    ['hu', 'Fizetés most'],
    ['ro', 'Plătește acum'],
    ['tr', 'Ödeme yap'],
    ['tr', 'Satın al'],
    ['id', 'Bayar sekarang'],
    ['vi', 'Thanh toán ngay'],
    ['vi', 'Đặt hàng'],
    ['ru', 'Оплатить заказ'],
    ['ru', 'Удалить аккаунт'],
    ['uk', 'Сплатити'],
    ['el', 'Πληρωμή τώρα'],
    ['ar', 'ادفع الآن'],
    ['ar', 'إتمام الطلب'],
    ['fa', 'پرداخت کنید'],
    ['hi', 'भुगतान करें'],
    ['ja', '購入手続きへ'],
    ['ja', '注文を確定する'],
    ['zh', '立即支付'],
    ['zh', '提交订单'],
    ['ko', '결제하기'],
    ['ko', '주문하기'],
  ];
  it.each(commits)('%s: "%s" is a commitment', (_language, label) => {
    expect(namesCommitment(label)).toBe(true);
  });

  const honest: [string, string][] = [
    ['en', 'Done'],
    ['en', "Don't show again"],
    ['en', 'Cancel'],
    ['en', 'Next page'],
    ['en', 'More information'],
    ['en', 'Command palette'],
    ['en', 'Sort by price'],
    ['en', 'I believe so'],
    ['fr', 'Choisir le pays'],
    ['fr', 'Page suivante'],
    ['de', 'Anzahl der Ergebnisse'],
    ['de', 'Mehr anzeigen'],
    ['es', '¿Dónde está?'],
    ['es', 'Página siguiente'],
    ['it', 'Pagina successiva'],
    ['it', 'Comprendere i dati'],
    ['pt', 'Próxima página'],
    ['ru', 'Подробнее'],
    ['ru', 'Платформа'],
    ['el', 'Πληροφορίες'],
    ['ar', 'موقع الشركة'],
    ['hi', 'जानकारी प्रदान करना'],
    ['vi', 'Cài đặt'],
    ['ko', '확인'],
    ['ja', '詳細を見る'],
    ['zh', '查看详情'],
  ];
  it.each(honest)('%s: "%s" is not', (_language, label) => {
    expect(namesCommitment(label)).toBe(false);
  });

  it('folds lookalikes in other scripts too: a Latin "о" in "Оплатить" still pays', () => {
    expect(namesCommitment('Oплатить')).toBe(true);
  });
});

describe('privilege by effect beyond words', () => {
  it('makes a button labelled in a script the lexicon lacks a commit inside a payment, password or personal-data form', () => {
    const button = (extra: Record<string, unknown>) => element({ tag: 'button', inputType: 'button', ...extra });
    expect(clickPrivilege(button({ formHasPayment: true }), 'ยืนยัน')).toBe('commit');
    expect(clickPrivilege(button({ formHasPersonal: true }), 'שלח')).toBe('commit');
    expect(clickPrivilege(button({ formHasPassword: true }), 'Show password')).toBe('interact');
    expect(clickPrivilege(button({}), 'ยืนยัน')).toBe('interact');
  });

  it('makes a button naming a sum of money a commit inside such a form, in any language', () => {
    const button = (extra: Record<string, unknown>) => element({ tag: 'button', inputType: 'button', ...extra });
    // Finnish and Swahili are not in the lexicon; the amount says what the button pays.
    for (const label of ['Maksa 499 €', 'Lipa $12', 'Bayar Rp 50.000', 'Zaplatit 1 200 Kč', 'Betala 99 SEK', 'CHF 12.50 bezahlen', '₹499'])
      expect(clickPrivilege(button({ formHasPayment: true }), label), label).toBe('commit');
    // Codes in any case after the number, and currencies written in letters as CLDR formats prices.
    for (const label of [
      'Maksa 499 eur',
      'EUR12',
      'Betala 499 kr',
      'Zapłać 49,99 zł',
      'Fizetés 5\u00a0000 Ft',
      'Plătește 12 lei',
      'Bayar RM 50',
      '2 TRY',
      // Digits of any script, any ISO code in capitals, informal spellings, a gap of format
      // characters or broken lines (a red team and a review, Dec 5).
      'Lipa TZS 5,000',
      'Kulipa KSh 500',
      'Maksa \uff14\uff19\uff19 €',
      '\u0930\u0942 \u096a\u096f\u096f',
      'Maksa 499\u200b€',
      'Maksa\n   49,99\n   €',
      'Betal499 kr.',
      'Rs. 1,500',
    ])
      expect(clickPrivilege(button({ formHasPayment: true }), label), label).toBe('commit');
    // No sum: a count, a version, a three-letter word that is no currency; or outside such a form.
    // Nor a code or symbol beside what is no number on its own ("3D"), a code that is an English word
    // before its number, a page, a year, kilometres, bedrooms, seconds or files, feet, a word beginning "kr".
    for (const label of [
      'Show 3 items',
      'Step 2 of 4',
      'ABC 123',
      'Page 10',
      'TRY 2 WEEKS FREE',
      'Try 2 weeks free',
      'CAD 3D export',
      'See p. 12',
      '2024 \u0440.',
      'TOP 10',
      'Stores within 10 KM',
      'Ver ley 1581',
      '30 Sek.',
      '3 Br',
      '5 php files',
      '5 ft',
      'Krona 5',
    ])
      expect(clickPrivilege(button({ formHasPayment: true }), label), label).toBe('interact');
    expect(clickPrivilege(button({}), 'Maksa 499 €')).toBe('interact');
    // Its text in a span inside the button, or a div with role=button: the button is what is pressed.
    expect(clickPrivilege(element({ tag: 'span', inButton: true, formHasPayment: true }), 'Maksa 499 €')).toBe('commit');
  });

  it('makes anything else clicked in such a form that names a sum of money a commit: a link, a focusable element with a handler; not a field one types or picks in', () => {
    // A link and a div the page gave a handler, as an attacker's page presented "pay 499 €" (Dec 5).
    for (const extra of [
      { tag: 'a', href: 'https://shop.example/#pay' },
      { tag: 'div' },
      { tag: 'span' },
      // A read-only field styled as a button: nothing is typed into it.
      { tag: 'input', inputType: 'text' },
    ])
      expect(clickPrivilege(element({ ...extra, formHasPayment: true }), 'Maksa 499 €'), extra.tag).toBe('commit');
    expect(clickPrivilege(element({ tag: 'a', href: 'https://shop.example/#pay', formHasPersonal: true }), 'Lipa TZS 5,000')).toBe(
      'commit',
    );
    // Its value is what the user enters: clicking into the amount field names no action; nor does
    // ticking a choice ("Gift wrap +3 €"), its label, or an option: the submission is the commit.
    for (const extra of [
      { tag: 'input', inputType: 'text', editable: true },
      { tag: 'select' },
      { tag: 'textarea', editable: true },
      { tag: 'input', inputType: 'checkbox' },
      { tag: 'input', inputType: 'radio' },
      { tag: 'label' },
      { tag: 'option' },
    ])
      expect(clickPrivilege(element({ ...extra, formHasPayment: true }), '499 €'), extra.tag).toBe('interact');
    // Outside such a form, or no sum: its words decide. A script or language the lexicon lacks
    // stays a button's rule (a Thai "forgot password?" link in a sign-in form is a plain click).
    expect(clickPrivilege(element({ tag: 'a', href: 'https://shop.example/#pay' }), 'Maksa 499 €')).toBe('interact');
    expect(clickPrivilege(element({ tag: 'a', href: 'https://shop.example/#terms', formHasPayment: true }), 'Ehdot')).toBe('interact');
    expect(clickPrivilege(element({ tag: 'a', href: 'https://shop.example/#reset', formHasPassword: true }), 'ลืมรหัสผ่าน?')).toBe('interact');
    expect(clickPrivilege(element({ tag: 'a', href: 'https://shop.example/#x', formHasPayment: true, lang: 'sw' }), 'Lipa sasa')).toBe(
      'interact',
    );
  });

  it('makes a button declared in a language the lexicon lacks a commit inside such a form', () => {
    const button = (extra: Record<string, unknown>) => element({ tag: 'button', inputType: 'button', ...extra });
    expect(clickPrivilege(button({ formHasPayment: true, lang: 'sw' }), 'Lipa sasa')).toBe('commit');
    expect(clickPrivilege(button({ formHasPersonal: true, lang: 'fi-FI' }), 'Jatka')).toBe('commit');
    // A language the lexicon reads, an undeclared one, or outside such a form: its words decide.
    for (const lang of ['en-GB', 'de', 'zh-Hans', '', 'und', null])
      expect(clickPrivilege(button({ formHasPayment: true, lang }), 'Show details'), String(lang)).toBe('interact');
    expect(clickPrivilege(button({ lang: 'sw' }), 'Lipa sasa')).toBe('interact');
  });

  it('names the idioms of subscriptions and trials as commitments, not a plain "Cancel"', () => {
    for (const label of ['Unsubscribe', 'Start free trial', 'Cancel membership', 'Cancel my subscription', 'Close account', 'Enroll now'])
      expect(namesCommitment(label), label).toBe(true);
    for (const label of ['Cancel', 'Close', 'Start', 'Trial details', 'Membership benefits'])
      expect(namesCommitment(label), label).toBe(false);
  });

  it('makes typing a Luhn-valid card number or a valid IBAN a credential action, whatever the field', () => {
    const field = element({ tag: 'input', inputType: 'text', editable: true });
    expect(targetPrivilege('type', 'interact', field, { visibleText: null, typed: '4111 1111 1111 1111' })).toBe('credential');
    expect(targetPrivilege('type', 'interact', field, { visibleText: null, typed: 'DE89 3704 0044 0532 0130 00' })).toBe('credential');
    expect(targetPrivilege('type', 'interact', field, { visibleText: null, typed: '4111 1111 1111 1112' })).toBe('interact');
    expect(targetPrivilege('type', 'interact', field, { visibleText: null, typed: 'Order 1234567890123' })).toBe('interact');
    expect(targetPrivilege('type', 'interact', field, { visibleText: null, typed: 'DE89 3704 0044 0532 0130 01' })).toBe('interact');
  });

  it("reads card numbers and IBANs in any shape: other separators, no-break spaces, full-width or other scripts' digits", () => {
    const field = element({ tag: 'input', inputType: 'text', editable: true });
    const typed = (text: string) => targetPrivilege('type', 'interact', field, { visibleText: null, typed: text });
    // A red team's shapes (Dec 7): each was typed into a gift note without an ask.
    for (const text of [
      '4111.1111.1111.1111',
      '4111\u00a01111\u00a01111\u00a01111',
      '4111\u202f1111/1111_1111',
      '４１１１ １１１１ １１１１ １１１１',
      '٤١١١ ١١١١ ١١١١ ١١١١',
      '४१११–११११–११११–११११',
      'DE89.3704.0044.0532.0130.00',
      'ＤＥ８９ ３７０４ ００４４ ０５３２ ０１３０ ００',
      // A review's (Dec 7): after a word or a line break, before "/CVC", with commas or zero-width spaces.
      'Card 4111 1111 1111 1111',
      'Hi\n4111 1111 1111 1111',
      '4111 1111 1111 1111/123',
      '4111,1111,1111,1111',
      '4111\u200b1111\u200b1111\u200b1111',
      '3782 822463 10005',
    ])
      expect(typed(text), text).toBe('credential');
    // Honest numbers stay plain text: a phone number, a date, an order number, half a card.
    for (const text of [
      '+44 20 7946 0958',
      '2026.12.24',
      '7.6.2026 - 10.7.2027',
      '192.168.1.10 10.0.0.1',
      '12.99 14.50 3.20 8.99 10.00',
      'Order 123-456-789',
      '4111 1111',
      '4111.1111.1111.1112',
    ])
      expect(typed(text), text).toBe('interact');
  });
});

describe('select: the option the user reads', () => {
  const select = (options: { value: string; text: string; disabled?: boolean; hidden?: boolean }[]) =>
    element({ tag: 'select', options: options.map((o) => ({ disabled: false, hidden: false, ...o })) });
  it('matches visible text first, value only when no text matches, and one option only', () => {
    const options = [
      { value: 'basic', text: 'Basic' },
      { value: 'Basic', text: 'Premium' },
      { value: 'p1', text: 'Pro' },
      { value: 'p2', text: 'Pro' },
      { value: 'g', text: 'Gold', disabled: true },
    ];
    expect(optionsNamed(options, 'Basic').map((o) => o.value)).toEqual(['basic']);
    expect(optionsNamed(options, 'p1').map((o) => o.value)).toEqual(['p1']);
    expect(hasOption('Pro').evaluate(select(options))).toMatchObject({ holds: false, code: 'option_ambiguous' });
    expect(hasOption('Gold').evaluate(select(options))).toMatchObject({ holds: false, code: 'option_ambiguous' });
    expect(hasOption('Basic').evaluate(select(options))).toEqual({ holds: true });
    expect(hasOption('Silver').evaluate(select(options))).toMatchObject({ holds: false, code: 'option_not_found' });
  });
});

describe('links: where a URL may take the user', () => {
  it('counts a URL carried in the query or fragment (an open redirect) as a destination', () => {
    expect(destinationsOf('https://bank.example/out?next=https%3A%2F%2Fevil.example%2Fx')).toContain('https://evil.example/x');
    expect(destinationsOf('https://bank.example/r#url=//evil.example/')).toContain('https://evil.example/');
    expect(destinationsOf('https://bank.example/search?q=tea')).toEqual(['https://bank.example/search?q=tea']);
    expect(navigationPrivilege('https://bank.example', 'https://bank.example/go?to=https://evil.example/')).toBe('navigate');
    expect(navigationPrivilege('https://bank.example', 'https://bank.example/go?to=https://www.bank.example/')).toBe('interact');
    const link = element({ tag: 'a', href: 'https://bank.example/l?u=https%253A%252F%252Fevil.example' });
    expect(clickPrivilege(link, { visibleText: 'Offers', frameOrigin: 'https://bank.example' })).toBe('navigate');
  });
});

describe('sums of money in long labels', () => {
  it('reads a long label in linear time: runs of grouped digits take no more than a few milliseconds', () => {
    const label = `${'1 '.repeat(20_000)}${'1,'.repeat(20_000)}`;
    const started = performance.now();
    clickPrivilege(element({ tag: 'button', inputType: 'button', formHasPayment: true }), label);
    // Generous: the quadratic search this guards against took 1.8 s on 32,000 characters.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
