import { MSG } from '@owo/contract';
import { toastError, toastSuccess } from '../../../lib/toast';

/** Clipboard copy with the spec's messages (000 §8). */
export async function copyText(text: string, success: string = MSG.copied) {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(success);
  } catch {
    toastError(MSG.copyFailed);
  }
}

export function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
