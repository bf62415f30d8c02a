/**
 * What names a commitment on a control, in the languages most used on the web (W3Techs' content
 * languages, 2026: en es de ja fr ru pt it nl pl tr zh fa vi id cs ko uk ar hu sv el ro hi):
 * paying, buying, ordering, checking out, transferring, sending, deleting, confirming, signing,
 * authorising, subscribing, booking, donating. Plain data with no imports: the core's privilege
 * classifier folds labels with the UTS #39 skeleton before matching, and the MAIN-world
 * interceptor (which must stay free of dependencies) matches the same data on the plain label.
 *
 * Each field is one string, items separated by "|". Matching, on a label folded to lower case
 * (NFKC, invisible characters removed):
 * - `words`: whole words;
 * - `stems`: the start of a word (inflected languages: "bezahlen", "bezahlt", "Bezahlung");
 * - `phrases`: consecutive whole words ("ta bort", "thanh toán", "satın al");
 * - `inside`: anywhere in the label (scripts written without spaces: Chinese, Japanese; and
 *   Korean, whose particles attach to the word).
 * Stems are chosen long enough not to start ordinary words ("pag" would match "page"); the cost
 * of a stem that does is an ask on an honest click, never an allowed commitment.
 */
/** One language's items: `|`-separated lists (see above). */
export type CommitEntry = { readonly words?: string; readonly stems?: string; readonly phrases?: string; readonly inside?: string };

export const COMMIT_LEXICON: Readonly<Record<string, CommitEntry>> = {
  en: {
    words:
      'pay|send|transfer|delete|remove|confirm|buy|purchase|order|checkout|sign|authorize|authorise|approve|submit|withdraw|donate|subscribe|unsubscribe|enroll|enrol|terminate|deactivate|book|reserve|sell|bid|renew|upgrade|publish|erase',
    // Idioms that commit without a verb above: a trial that turns into a subscription, ending one.
    phrases:
      'check out|free trial|start trial|start my trial|cancel membership|cancel my membership|cancel subscription|cancel my subscription|cancel plan|cancel my plan|cancel order|cancel account|close account|close my account',
  },
  es: {
    words: 'paga|compra|compre|quitar|firma',
    stems:
      'pagar|pague|pago|comprar|pedid|transfer|envia|envía|enviar|envío|elimin|borrar|confirm|firmar|autoriz|suscrib|donar|donación|reserv|retirar',
    phrases: 'finalizar compra|tramitar pedido',
  },
  pt: {
    words: 'compra|compre|pedido|pedir|finalizar|doe',
    stems:
      'pagar|pague|pagament|comprar|encomend|transfer|envia|enviar|envie|excluir|exclua|remov|apag|confirm|assin|autoriz|doar|doação|reserv|sacar',
  },
  fr: {
    words: 'paie|payé',
    stems:
      'payer|payez|paiement|achet|achat|commander|commandez|commande|virement|transfér|transfert|envoy|envoi|supprim|retirer|effac|confirm|valider|validez|signer|signez|signature|autoris|abonn|réserv',
    phrases: 'faire un don',
  },
  de: {
    words: 'senden|sende|abschicken',
    stems:
      'bezahl|zahlen|zahlung|kauf|bestell|überweis|absend|versend|lösch|entfern|bestätig|unterschreib|unterzeichn|autorisier|genehmig|abonnier|spende|spenden|buchen|buchung|kasse',
  },
  it: {
    words: 'paga|compra|invia|firma|dona|ordine|ordinare',
    stems:
      'pagare|pagament|paghi|acquist|comprare|trasferi|bonific|inviare|elimin|rimuov|cancell|conferm|firmare|autorizz|abbon|iscriv|donare|donazion|prenot',
    phrases: 'effettua ordine|completa ordine',
  },
  nl: {
    stems:
      'betaal|betal|koop|kopen|bestel|overmak|overschrij|verstuur|verzend|verwijder|bevestig|onderteken|abonneer|doneer|boek|afrekenen',
  },
  pl: {
    words: 'kup',
    stems:
      'zapła|płać|płatn|płatność|wpłać|kupi|kupuj|zamów|zamaw|przelew|przelej|wyślij|wysył|usuń|usuw|potwierdź|podpisz|subskryb|przekaż|rezerw',
  },
  sv: {
    stems: 'betal|köp|beställ|överför|skicka|radera|bekräfta|signera|godkänn|prenumer|donera|boka',
    phrases: 'ta bort|till kassan',
  },
  cs: {
    words: 'kup',
    stems: 'zaplat|platb|koupit|kupte|objedn|převod|převést|odeslat|odešl|poslat|smaz|odstran|potvrd|podepi|podeps|předplat|daruj|rezerv',
  },
  hu: {
    stems: 'fizet|vásárl|megvás|megrendel|rendelés|átutal|küld|töröl|megerősít|jóváhagy|aláír|előfizet|adomány|foglal',
  },
  ro: {
    stems:
      'plăt|plata|cumpăr|comanda|comandă|comandaț|transfer|trimit|șterg|şterg|elimin|confirm|semnea|semnătur|autoriz|abon|donea|donaț|rezerv',
  },
  tr: {
    words: 'öde|sil|silin',
    stems: 'ödeme|ödey|sipariş|gönder|havale|transfer|onayla|imzala|abone|bağış|rezervasyon|satın',
  },
  id: {
    words: 'beli|pesan|pesanan',
    stems: 'bayar|membeli|belilah|kirim|transfer|hapus|konfirmasi|langganan|donasi|checkout',
    phrases: 'tanda tangan',
  },
  vi: {
    words: 'mua|gửi|xóa|xoá',
    phrases: 'thanh toán|trả tiền|đặt hàng|đặt chỗ|đặt phòng|chuyển khoản|chuyển tiền|xác nhận|đăng ký|ký tên|quyên góp',
  },
  ru: {
    words: 'снять',
    stems:
      'оплат|заплат|платеж|платёж|плати|купи|купл|покуп|заказ|перевести|переведи|отправ|удали|удаление|подтверд|подпис|авториз|пожертв|бронир|заброн',
  },
  uk: {
    stems:
      'оплат|сплат|платіж|плати|купи|купу|замов|переказ|надісл|надсил|відправ|видал|підтверд|підпис|авториз|передплат|пожертв|бронюв|заброн',
  },
  el: {
    stems: 'πληρωμ|πληρώ|πληρω|αγορ|παραγγ|μεταφορ|αποστολ|αποστείλ|στείλ|διαγρ|επιβεβαί|επιβεβαι|υπογρ|εγγραφ|δωρε|κράτησ|κρατησ',
  },
  // Arabic attaches the article and conjunctions to the word (الدفع, وادفع): matched inside words.
  ar: {
    inside: 'ادفع|دفع|شراء|اشتر|اطلب|تحويل|إرسال|ارسال|أرسل|حذف|احذف|تأكيد|توقيع|اشترك|اشتراك|تبرع|احجز|حجز|إتمام الطلب',
  },
  fa: {
    inside: 'پرداخت|خرید|سفارش|انتقال|ارسال|بفرست|حذف|تایید|تأیید|امضا|اشتراک|اهدا|رزرو',
  },
  hi: {
    inside: 'भुगतान|खरीद|ऑर्डर|भेज|हटा|पुष्टि|हस्ताक्षर|सदस्यता|दान करें|बुक करें',
  },
  ja: {
    inside:
      '支払|払う|お支払い|購入|買う|注文|送金|振込|振り込|送信|削除|確定|署名|承認|申し込|申込|購読|寄付|予約|レジに進む|チェックアウト',
  },
  zh: {
    inside:
      '支付|付款|购买|購買|下单|下單|订购|訂購|结账|結帳|发送|發送|转账|轉帳|汇款|匯款|删除|刪除|确认|確認|签署|簽署|授权|授權|提交|订阅|訂閱|捐赠|捐贈|预订|預訂',
  },
  ko: {
    inside: '결제|지불|구매|주문|송금|이체|전송|보내기|삭제|서명|승인|구독|기부|예약',
  },
};

/**
 * Phrases in which a commitment word names a thing, not the act (English, `|`-separated, as folded:
 * lower case, words single-spaced): "Order history" lists orders, "Track order" follows one. Each is
 * taken out of the label before matching, so its words alone commit nothing while any other word
 * still does ("Pay order history" pays). A utility test of honest pages (Dec 6) found each of these
 * asked for. A page may write them on a control that commits: so may it write "Show details" (the
 * label is what the user reads; the POST rule and the pixels watch what the click then does).
 */
export const NOT_COMMITTING =
  'order history|order status|order details|order number|order summary|order tracking|track order|track my order|track your order|track orders|view order|view orders|transfer history|transfer status|transfer limits|confirmation number|confirmation details|confirmation code|confirmation email|cancellation policy|sign in options';

/**
 * The only words that may come before such a phrase for it to name a thing: "Your order history",
 * "View order details". Any other word may make it a command: "Place order number 4471" places
 * the order, "Fast-track order" expedites it (a red team, Dec 6: both were exempt).
 */
export const EXEMPT_LEAD =
  'my|your|our|the|view|see|show|check|open|go|to|back|all|recent|past|previous|full|about|read|print|current|latest|for|in|on';

/** The languages the lexicon covers (README lists them). */
// Pure: a bundle that takes only LEXICON_SCRIPTS from here leaves the lexicon out.
export const COMMIT_LANGUAGES: readonly string[] = /* @__PURE__ */ Object.keys(COMMIT_LEXICON);
/** The scripts the lexicon's languages are written in (ISO 15924), for labels it cannot read. */
export const LEXICON_SCRIPTS: readonly string[] = ['Latn', 'Cyrl', 'Grek', 'Arab', 'Deva', 'Hani', 'Hira', 'Kana', 'Hang'];
