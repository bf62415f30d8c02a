/**
 * Words that commit the user to something when they name a control, matched on whole words
 * (Chinese as substrings). Plain data with no imports: the core's privilege classifier and the
 * MAIN-world interceptor both read it, and the MAIN-world bundle must stay free of dependencies.
 */
export const COMMIT_WORDS: readonly string[] = [
  'pay',
  'send',
  'transfer',
  'delete',
  'remove',
  'confirm',
  'buy',
  'purchase',
  'order',
  'checkout',
  'sign',
  'authorize',
  'authorise',
  'approve',
  'submit',
  'withdraw',
  'donate',
  'subscribe',
];
export const COMMIT_WORDS_ZH: readonly string[] = [
  '支付',
  '付款',
  '发送',
  '發送',
  '转账',
  '轉帳',
  '删除',
  '刪除',
  '确认',
  '確認',
  '购买',
  '購買',
  '签署',
  '簽署',
  '授权',
  '授權',
  '提交',
];
