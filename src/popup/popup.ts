import { initAuditView } from './audit-view';
import { initPending } from './pending';

initAuditView();
initPending(document.getElementById('pending')!, new AbortController().signal);
