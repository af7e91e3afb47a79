/**
 * Shares the impact picture the best way the device can: the PNG itself where the Web Share API takes
 * files (navigator.canShare({ files })), else the text with a link, else the picture is downloaded.
 */
export type ShareOutcome = 'file' | 'text' | 'download' | 'cancelled';

export interface ShareInput {
  file: File;
  title: string;
  text: string;
  url: string;
}

function isAbort(err: unknown): boolean {
  return (err as Error | null)?.name === 'AbortError';
}

export async function shareImpact(input: ShareInput, nav: Navigator = navigator, doc: Document = document): Promise<ShareOutcome> {
  const { file, title, text, url } = input;
  const canShare = typeof nav.share === 'function';
  if (canShare && typeof nav.canShare === 'function' && nav.canShare({ files: [file] })) {
    try {
      await nav.share({ files: [file], title, text });
      return 'file';
    } catch (err) {
      if (isAbort(err)) return 'cancelled';
      // Refused (e.g. the gesture expired while the picture was drawn): the next way below.
    }
  }
  if (canShare) {
    try {
      await nav.share({ title, text, url });
      return 'text';
    } catch (err) {
      if (isAbort(err)) return 'cancelled';
    }
  }
  download(file, doc);
  return 'download';
}

function download(file: File, doc: Document): void {
  const href = URL.createObjectURL(file);
  const a = doc.createElement('a');
  a.href = href;
  a.download = file.name;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  // Long enough for the browser to start the download.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
