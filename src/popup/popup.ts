import browser from 'webextension-polyfill';
import { localizePage } from '../ui/i18n';
import { initAddSite } from './add-site';
import { initAuditHealth } from './audit-health';
import { initAuditView } from './audit-view';
import { initPending } from './pending';

localizePage();
initAuditView();
initAuditHealth(document.getElementById('audit-health')!);
initPending(document.getElementById('pending')!, new AbortController().signal);
void initAddSite(document.getElementById('add-site') as HTMLButtonElement, new AbortController().signal);
document.getElementById('open-settings')!.addEventListener('click', () => void browser.runtime.openOptionsPage());
