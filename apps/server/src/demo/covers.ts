import sharp from 'sharp';
import { Prng } from './prng.js';

export interface CoverSpec {
  title: string;
  code: string;
  circle: string;
  width: number;
  height: number;
  seed: number;
  format: 'jpeg' | 'png';
  /** A sample image shows a label instead of the title, like DLsite's small sample pictures. */
  label?: string;
}

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1e2a5a', '#6b4c9a', '#f5d0e6'],
  ['#0f3b4c', '#2f8f9d', '#e8f6ef'],
  ['#3a1c32', '#b4465a', '#ffe3c8'],
  ['#1b2f24', '#5a8f5a', '#f3efd8'],
  ['#2b1d0e', '#c27c3a', '#fff0d6'],
  ['#141a2e', '#3d5a98', '#cfe3ff'],
  ['#402046', '#e07a9b', '#fff5fa'],
];

const FONT = "'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'Yu Gothic', sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Splits a title into lines of about `maxUnits` em, counting Latin characters as 0.6 of a CJK one. Latin
 * words stay whole; CJK text may break between any two characters, as Japanese typesetting allows.
 */
function wrapTitle(title: string, maxUnits: number): string[] {
  const tokens = title.match(/[\x21-\x7e]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let current = '';
  let units = 0;
  for (const token of tokens) {
    const width = [...token].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) < 0x2000 ? 0.6 : 1), 0);
    if (units + width > maxUnits && current.trim() !== '') {
      lines.push(current.trim());
      current = '';
      units = 0;
    }
    current += token;
    units += width;
  }
  if (current.trim() !== '') lines.push(current.trim());
  return lines.slice(0, 3);
}

/** The SVG of a cover: a gradient sky, soft bokeh circles, waves, a title band, the RJ code and circle. */
export function coverSvg(spec: CoverSpec): string {
  const prng = new Prng(spec.seed);
  const { width: w, height: h } = spec;
  const [dark, mid, light] = prng.pick(PALETTES);
  const bokeh = Array.from({ length: prng.int(6, 12) }, () => {
    const r = prng.int(Math.round(w / 30), Math.round(w / 8));
    return `<circle cx="${prng.int(0, w)}" cy="${prng.int(0, h)}" r="${r}" fill="${light}" opacity="${(0.06 + prng.next() * 0.18).toFixed(2)}"/>`;
  }).join('');
  const waveY = Math.round(h * (0.62 + prng.next() * 0.12));
  const amp = Math.round(h * 0.05);
  const wave = `M0 ${waveY} C ${w * 0.25} ${waveY - amp}, ${w * 0.5} ${waveY + amp}, ${w} ${waveY - amp / 2} L ${w} ${h} L 0 ${h} Z`;
  const moonX = Math.round(w * (0.7 + prng.next() * 0.15));
  const moonY = Math.round(h * 0.2);
  const moonR = Math.round(Math.min(w, h) * 0.09);

  const text = spec.label ?? spec.title;
  const fontSize = Math.round(Math.min(w, h) * (spec.label ? 0.14 : 0.075));
  const lines = wrapTitle(text, Math.floor((w * 0.84) / fontSize));
  const bandHeight = lines.length * fontSize * 1.3 + fontSize * 0.8;
  const bandY = Math.round(h * 0.5 - bandHeight / 2);
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="${w / 2}" y="${bandY + fontSize * (1.25 + i * 1.3)}" font-size="${fontSize}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const small = Math.round(fontSize * 0.45) + 6;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="${prng.next().toFixed(2)}" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${bokeh}
<circle cx="${moonX}" cy="${moonY}" r="${moonR * 2.2}" fill="url(#glow)" opacity="0.5"/>
<circle cx="${moonX}" cy="${moonY}" r="${moonR}" fill="${light}"/>
<circle cx="${moonX + moonR * 0.45}" cy="${moonY - moonR * 0.2}" r="${moonR * 0.85}" fill="${mid}" opacity="0.9"/>
<path d="${wave}" fill="${dark}" opacity="0.55"/>
<rect x="${w * 0.05}" y="${bandY}" width="${w * 0.9}" height="${bandHeight}" rx="${fontSize * 0.4}" fill="${dark}" opacity="0.55"/>
<g font-family="${FONT}" font-weight="700" fill="#ffffff">${titleText}</g>
<g font-family="${FONT}" fill="${light}" font-size="${small}">
<text x="${w * 0.04}" y="${h - small * 0.9}">${escapeXml(spec.code)}</text>
<text x="${w * 0.96}" y="${h - small * 0.9}" text-anchor="end">${escapeXml(spec.circle)}</text>
</g>
</svg>`;
}

/** Draws a cover; JPEG at quality 80 keeps a 560x420 cover around 30 KB. */
export async function renderCover(spec: CoverSpec): Promise<Buffer> {
  const image = sharp(Buffer.from(coverSvg(spec)));
  return spec.format === 'jpeg'
    ? image.jpeg({ quality: 80 }).toBuffer()
    : image.png({ compressionLevel: 9, palette: true }).toBuffer();
}
