import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareImpact } from './share-impact';

const file = new File([new Uint8Array([137, 80, 78, 71])], 'socialpay-impact-2026.png', { type: 'image/png' });
const input = { file, title: 'My impact', text: 'I saved €12.34', url: 'https://app.example/' };

function nav(opts: { share?: (d: ShareData) => Promise<void>; canShare?: (d: ShareData) => boolean }): Navigator {
  return { share: opts.share, canShare: opts.canShare } as unknown as Navigator;
}

describe('share my impact', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shares the PNG file where the device can share files', async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareImpact(input, nav({ share, canShare: (d) => !!d.files?.length }))).toBe('file');
    expect(share).toHaveBeenCalledWith({ files: [file], title: input.title, text: input.text });
  });

  it('shares text and link where files cannot be shared, or the file share is refused', async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareImpact(input, nav({ share, canShare: () => false }))).toBe('text');
    expect(share).toHaveBeenCalledWith({ title: input.title, text: input.text, url: input.url });

    const refusing = vi.fn(async (d: ShareData) => {
      if (d.files) throw new DOMException('gesture expired', 'NotAllowedError');
    });
    expect(await shareImpact(input, nav({ share: refusing, canShare: () => true }))).toBe('text');
  });

  it('stops when the user closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    expect(await shareImpact(input, nav({ share, canShare: () => true }))).toBe('cancelled');
    expect(share).toHaveBeenCalledTimes(1);
  });

  it('downloads the picture without the Web Share API', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:impact');
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    expect(await shareImpact(input, nav({}))).toBe('download');
    expect(create).toHaveBeenCalledWith(file);
    expect(clicks).toEqual([{ href: 'blob:impact', download: 'socialpay-impact-2026.png' }]);
  });
});
