/**
 * Illustrated portraits for the seeded nutritionists (local demo data only): a flat, friendly avatar per
 * person, composed as SVG so no binary asset is kept in the repository and every face is different.
 * The PNG it renders goes through the same photo pipeline as an upload (decode check, 400/800/1200 webp).
 */
import sharp from 'sharp';

export type HairStyle = 'short' | 'sidePart' | 'bob' | 'bun' | 'long' | 'curly';

export interface Portrait {
  background: string;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  clothing: string;
  glasses?: boolean;
  beard?: boolean;
}

/** Hair drawn behind the head (long styles fall over the shoulders). */
const backHair = ({ hair, hairStyle }: Portrait) => {
  switch (hairStyle) {
    case 'long':
      return `<path d="M128 170 Q118 260 122 330 Q200 352 278 330 Q282 260 272 170 Z" fill="${hair}"/>`;
    case 'curly':
      return [
        [136, 200],
        [264, 200],
        [128, 240],
        [272, 240],
        [140, 276],
        [260, 276],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="26" fill="${hair}"/>`)
        .join('');
    case 'bob':
      return `<path d="M132 170 Q124 240 138 262 L262 262 Q276 240 268 170 Z" fill="${hair}"/>`;
    default:
      return '';
  }
};

/** Hair drawn over the forehead. */
const frontHair = ({ hair, hairStyle }: Portrait) => {
  switch (hairStyle) {
    case 'short':
      return `<path d="M136 176 Q132 104 200 100 Q268 104 264 176 Q256 136 226 132 Q196 146 160 134 Q142 144 136 176 Z" fill="${hair}"/>`;
    case 'sidePart':
      return `<path d="M136 182 Q128 100 204 98 Q270 102 264 170 Q250 128 214 124 Q170 150 136 182 Z" fill="${hair}"/>`;
    case 'bun':
      return `<circle cx="200" cy="92" r="30" fill="${hair}"/><path d="M136 186 Q130 108 200 106 Q270 108 264 186 Q252 140 200 136 Q148 140 136 186 Z" fill="${hair}"/>`;
    case 'curly':
      return [
        [150, 130],
        [176, 110],
        [204, 104],
        [232, 112],
        [254, 134],
        [140, 160],
        [262, 162],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="28" fill="${hair}"/>`)
        .join('');
    default:
      // Long and bob: a soft fringe swept to one side.
      return `<path d="M132 196 Q126 102 204 100 Q276 106 268 196 Q262 146 236 130 Q200 160 148 150 Q136 168 132 196 Z" fill="${hair}"/>`;
  }
};

export const portraitSvg = (portrait: Portrait) => {
  const { background, skin, hair, clothing } = portrait;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${background}"/>
  <circle cx="200" cy="190" r="150" fill="#ffffff" opacity="0.22"/>
  ${backHair(portrait)}
  <path d="M62 400 Q70 292 200 282 Q330 292 338 400 Z" fill="${clothing}"/>
  <path d="M164 286 L200 340 L236 286 Q200 300 164 286 Z" fill="#ffffff" opacity="0.9"/>
  <rect x="178" y="226" width="44" height="68" rx="20" fill="${skin}"/>
  <rect x="178" y="226" width="44" height="40" rx="18" fill="#000000" opacity="0.08"/>
  <ellipse cx="139" cy="188" rx="11" ry="16" fill="${skin}"/>
  <ellipse cx="261" cy="188" rx="11" ry="16" fill="${skin}"/>
  <ellipse cx="200" cy="180" rx="62" ry="74" fill="${skin}"/>
  ${
    portrait.beard
      ? `<path d="M140 196 Q146 262 200 266 Q254 262 260 196 Q250 236 200 240 Q150 236 140 196 Z" fill="${hair}" opacity="0.9"/>`
      : ''
  }
  <path d="M168 166 Q178 160 190 166" stroke="${hair}" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M210 166 Q222 160 232 166" stroke="${hair}" stroke-width="5" fill="none" stroke-linecap="round"/>
  <circle cx="179" cy="185" r="6" fill="#2d2a26"/>
  <circle cx="221" cy="185" r="6" fill="#2d2a26"/>
  <circle cx="181" cy="183" r="2" fill="#ffffff"/>
  <circle cx="223" cy="183" r="2" fill="#ffffff"/>
  <path d="M200 190 Q196 204 202 206" stroke="#000000" stroke-opacity="0.18" stroke-width="3" fill="none" stroke-linecap="round"/>
  <circle cx="166" cy="208" r="10" fill="#e46a6a" opacity="0.18"/>
  <circle cx="234" cy="208" r="10" fill="#e46a6a" opacity="0.18"/>
  <path d="M182 220 Q200 236 218 220" stroke="#8a3b32" stroke-width="4" fill="none" stroke-linecap="round"/>
  ${
    portrait.glasses
      ? `<g stroke="#3b3b3b" stroke-width="4" fill="#ffffff" fill-opacity="0.12">
    <rect x="160" y="170" width="36" height="28" rx="10"/><rect x="204" y="170" width="36" height="28" rx="10"/>
    <path d="M196 182 L204 182" fill="none"/></g>`
      : ''
  }
  ${frontHair(portrait)}
</svg>`;
};

/** The portrait as a 1200 px PNG (the largest rendition the pipeline makes). */
export const renderPortrait = (portrait: Portrait) =>
  sharp(Buffer.from(portraitSvg(portrait)), { density: 216 })
    .resize(1200, 1200)
    .png()
    .toBuffer();
