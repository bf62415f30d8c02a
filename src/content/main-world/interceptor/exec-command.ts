import { patch, replaced, wrap } from '../patches';
import { apply, dom, ownDescriptor, StringCtor, text } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { fieldPrivileged, isElement } from './privilege';

type ExecCommand = (this: Document, command: string, showUi?: boolean, value?: string) => boolean;

/** document.execCommand('insertText'): typing into the focused field or editable region. */
export function patchExecCommand(): void {
  const descriptor = ownDescriptor(Document.prototype, 'execCommand');
  const native = descriptor?.value as ExecCommand | undefined;
  if (!descriptor || typeof native !== 'function') return;
  const execCommand = wrap(native, (original, self, args) => {
    let focused: unknown = null;
    try {
      if (text.toLowerCase(StringCtor(args[0])) === 'inserttext') focused = dom.activeElement(self);
    } catch {
      focused = null; // Not a document: the original throws exactly as it would have.
    }
    if (!isElement(focused)) return apply(original, self, args);
    const action = {
      tool: 'type',
      target: focused,
      text: StringCtor(args[2] ?? ''),
      via: 'execCommand',
      privileged: fieldPrivileged(focused),
    } as const;
    return intercept(action, () => apply(original, self, args));
  });
  patch(Document.prototype, 'execCommand', replaced(descriptor, 'value', execCommand), INTERCEPTOR_GROUP);
}
