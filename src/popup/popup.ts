import browser from 'webextension-polyfill';
import { initAuditView } from './audit-view';
import { initPending } from './pending';

initAuditView();
initPending(document.getElementById('pending')!, new AbortController().signal);
document.getElementById('open-settings')!.addEventListener('click', () => void browser.runtime.openOptionsPage());
