// Copy a text to the clipboard from a click, and say so for a moment ("Copied ✓") before the button reads "Copy" again.
import { useEffect, useState } from 'react';

const COPIED_MS = 1500;

export function useCopyText(text: string | undefined): { copied: boolean; copy(): Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (permissions): the old way still works from a click.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
  };
  return { copied, copy };
}
