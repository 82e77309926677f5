/** Splits `text` into lines that fit `width` (by characters, so CJK text without spaces wraps too). */
export function wrapText(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const char of Array.from(paragraph)) {
      const candidate = line + char;
      if (line && context.measureText(candidate).width > width) {
        // Prefer breaking at the last space for Latin text.
        const space = line.lastIndexOf(' ');
        if (space > 0 && char !== ' ') {
          lines.push(line.slice(0, space));
          line = line.slice(space + 1) + char;
        } else {
          lines.push(line);
          line = char === ' ' ? '' : char;
        }
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Draws the subtitle: the font shrinks until every wrapped line fits, so text is never cut off.
 */
export function drawSubtitle(canvas: HTMLCanvasElement, text: string, dark = true): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  context.fillStyle = dark ? '#111114' : '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = dark ? '#f4f0ff' : '#1b1530';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const padding = width * 0.04;
  let size = Math.round(height / 4);
  let lines: string[] = [];
  for (; size >= 10; size -= 2) {
    context.font = `700 ${size}px system-ui, "Noto Sans CJK JP", "Noto Sans CJK SC", "Hiragino Sans", "Microsoft YaHei", sans-serif`;
    lines = wrapText(context, text || '♪', width - padding * 2);
    if (lines.length * size * 1.3 <= height - padding * 2) break;
  }
  const lineHeight = size * 1.3;
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, i) => {
    context.fillText(line, width / 2, top + i * lineHeight);
  });
}
