import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currencySymbols, renderCurrencySymbols, TARGET } from '../../scripts/gen-currency-symbols';

/**
 * The generated list is CLDR's, as this Node's ICU ships it. Another Node may ship another CLDR:
 * then the file is compared only where the versions agree, and its contents checked either way.
 */
describe('currency symbols from CLDR (src/core/plan/currency-symbols.generated.ts)', () => {
  const file = readFileSync(TARGET, 'utf8');

  it('is what the generator writes from this CLDR', () => {
    const version = /from CLDR ([\d.]+)/u.exec(file)?.[1];
    if (version !== process.versions.cldr) return;
    expect(file).toBe(renderCurrencySymbols());
  });

  it('holds the symbols prices are written with, and none that is a sign, a code, a single Latin letter or a page', () => {
    const symbols = currencySymbols();
    for (const symbol of ['kr', 'zł', 'Kč', 'Ft', 'lei', 'Rp', 'RM', 'Rs', 'лв.', '元']) expect(symbols, symbol).toContain(symbol);
    for (const symbol of ['$', '€', 'USD', 'R', 'K', 'p.', 'P.']) expect(symbols, symbol).not.toContain(symbol);
  });
});
