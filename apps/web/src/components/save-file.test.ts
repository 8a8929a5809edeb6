import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file.ts';

describe('saveFile', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a link to the blob under the given name, then frees its address', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:photo');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const blob = new Blob(['x'], { type: 'image/jpeg' });

    saveFile(blob, '张三.jpg');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('张三.jpg');
    expect(clicked[0]?.href).toBe('blob:photo');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(revoke).toHaveBeenCalledWith('blob:photo');
  });
});
