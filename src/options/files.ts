import { t } from '../ui/i18n';

/** Larger than any policy within the schema's limits; a bigger file is not a policy. */
const MAX_IMPORT_BYTES = 1_000_000;

/**
 * Offers text as a file download. The link stays in the page, hidden, until the next export, so
 * the blob stays readable (a test reads it back to check the round trip).
 */
export function download(fileName: string, text: string): void {
  const previous = document.getElementById('export-link') as HTMLAnchorElement | null;
  if (previous !== null) {
    URL.revokeObjectURL(previous.href);
    previous.remove();
  }
  const link = document.createElement('a');
  link.id = 'export-link';
  link.hidden = true;
  link.download = fileName;
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  document.body.append(link);
  link.click();
}

export async function readChosenFile(input: HTMLInputElement): Promise<{ name: string; text: string } | null> {
  const file = input.files?.[0];
  // Cleared so that choosing the same file again fires `change` again.
  input.value = '';
  if (file === undefined) return null;
  if (file.size > MAX_IMPORT_BYTES) throw new Error(t('fileTooLarge', file.name, MAX_IMPORT_BYTES));
  return { name: file.name, text: await file.text() };
}
