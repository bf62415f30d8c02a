import { t } from '../ui/i18n';
import type { PayeeProblem, SiteProblem } from './form-model';

/** A typed site's problem in plain words, with what to write instead when there is something. */
export function siteWords(problem: SiteProblem, typed: string): string {
  switch (problem.problem) {
    case 'empty':
      return t('siteEmpty');
    case 'publicSuffix':
      return t('sitePublicSuffix', typed.trim());
    case 'duplicate':
      return t('siteDuplicate', typed.trim());
    case 'notSite':
      return problem.hint === null ? t('siteNotSite', typed.trim()) : t('siteUseDomain', problem.hint);
  }
}

export function payeeWords(problem: PayeeProblem, typed: string): string {
  switch (problem.problem) {
    case 'empty':
      return t('payeeEmpty');
    case 'tooLong':
      return t('payeeTooLong', problem.max);
    case 'duplicate':
      return t('payeeDuplicate', typed.trim());
  }
}
