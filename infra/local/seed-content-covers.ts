/**
 * Cover illustrations of the demo content, composed as SVG (flat shapes, one palette per article, no
 * text so no font is needed) and rendered to a 1600x900 PNG by sharp.
 */
import sharp from 'sharp';

const W = 1600;
const H = 900;

/** Small deterministic generator, so every seed run draws the same scattered shapes. */
const random = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
};

const frame = (from: string, to: string, body: string, seed: number, dots: string) => {
  const next = random(seed);
  const confetti = Array.from({ length: 18 }, () => {
    const x = Math.round(next() * W);
    const y = Math.round(next() * H);
    const r = Math.round(6 + next() * 14);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${dots}" opacity="0.35"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="1380" cy="140" r="260" fill="#ffffff" opacity="0.18"/>
<circle cx="180" cy="820" r="220" fill="#ffffff" opacity="0.14"/>
${confetti}
${body}
</svg>`;
};

const leaf = (x: number, y: number, size: number, rotate: number, color: string) =>
  `<path transform="translate(${x} ${y}) rotate(${rotate})" d="M0 0 C ${size * 0.5} ${-size * 0.6}, ${size * 1.2} ${-size * 0.4}, ${size * 1.4} 0 C ${size * 1.2} ${size * 0.4}, ${size * 0.5} ${size * 0.6}, 0 0 Z" fill="${color}"/>
   <path transform="translate(${x} ${y}) rotate(${rotate})" d="M0 0 L ${size * 1.3} 0" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>`;

const table = (color: string) => `<rect x="0" y="700" width="${W}" height="200" fill="${color}"/>`;

const illustrations: Record<number, () => string> = {
  // Chi siamo: three people around a leaf and a heart.
  1: () =>
    frame(
      '#d8efe0',
      '#a9d8b8',
      `${table('#7fbf95')}
<g><circle cx="560" cy="420" r="80" fill="#2f7d4f"/><rect x="470" y="510" width="180" height="200" rx="90" fill="#2f7d4f"/></g>
<g><circle cx="800" cy="380" r="95" fill="#f2a65a"/><rect x="695" y="485" width="210" height="225" rx="105" fill="#f2a65a"/></g>
<g><circle cx="1040" cy="420" r="80" fill="#3d8fb3"/><rect x="950" y="510" width="180" height="200" rx="90" fill="#3d8fb3"/></g>
<path transform="translate(0 -70)" d="M800 250 C 770 200, 700 215, 710 265 C 720 300, 800 330, 800 330 C 800 330, 880 300, 890 265 C 900 215, 830 200, 800 250 Z" fill="#e2574c"/>
${leaf(1180, 250, 120, -30, '#4caf6e')}${leaf(300, 300, 100, 200, '#4caf6e')}`,
      1,
      '#2f7d4f',
    ),
  // Colazione: bowl of yogurt and berries, cup with steam, orange slice, sun.
  2: () =>
    frame(
      '#fff1d6',
      '#ffd59e',
      `${table('#e9b872')}
<circle cx="1300" cy="200" r="110" fill="#ffb627"/>
<path d="M420 560 A 260 200 0 0 0 940 560 Z" fill="#ffffff"/><ellipse cx="680" cy="560" rx="260" ry="40" fill="#fdf6ec"/>
<circle cx="600" cy="545" r="26" fill="#5b3a8c"/><circle cx="660" cy="535" r="24" fill="#c0392b"/><circle cx="720" cy="550" r="26" fill="#5b3a8c"/><circle cx="780" cy="540" r="22" fill="#c0392b"/><circle cx="690" cy="560" r="18" fill="#e67e22"/>
<rect x="1050" y="480" width="200" height="220" rx="30" fill="#3d8fb3"/><path d="M1250 530 C 1320 530, 1320 640, 1250 640" stroke="#3d8fb3" stroke-width="26" fill="none"/>
<path d="M1110 450 C 1090 410, 1130 390, 1110 350" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.8"/>
<path d="M1180 450 C 1160 410, 1200 390, 1180 350" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.8"/>
<circle cx="260" cy="620" r="110" fill="#f39c12"/><circle cx="260" cy="620" r="90" fill="#f8c471"/>
${[0, 45, 90, 135].map((a) => `<line x1="260" y1="620" x2="${260 + 90 * Math.cos((a * Math.PI) / 180)}" y2="${620 + 90 * Math.sin((a * Math.PI) / 180)}" stroke="#f39c12" stroke-width="6"/><line x1="260" y1="620" x2="${260 - 90 * Math.cos((a * Math.PI) / 180)}" y2="${620 - 90 * Math.sin((a * Math.PI) / 180)}" stroke="#f39c12" stroke-width="6"/>`).join('')}`,
      2,
      '#e67e22',
    ),
  // Idratazione: a tall glass with water, drops, lemon and ice.
  3: () =>
    frame(
      '#dff4fb',
      '#9fd8ef',
      `${table('#7cc3e0')}
<path d="M620 180 L 980 180 L 930 720 L 670 720 Z" fill="#ffffff" opacity="0.55"/>
<path d="M643 420 L 957 420 L 930 720 L 670 720 Z" fill="#3d8fb3" opacity="0.75"/>
<rect x="700" y="450" width="80" height="80" rx="14" fill="#ffffff" opacity="0.7" transform="rotate(12 740 490)"/>
<rect x="810" y="480" width="80" height="80" rx="14" fill="#ffffff" opacity="0.7" transform="rotate(-10 850 520)"/>
<circle cx="960" cy="200" r="90" fill="#f7dc6f"/><circle cx="960" cy="200" r="72" fill="#fcf3cf"/>
${[0, 60, 120].map((a) => `<line x1="${960 - 72 * Math.cos((a * Math.PI) / 180)}" y1="${200 - 72 * Math.sin((a * Math.PI) / 180)}" x2="${960 + 72 * Math.cos((a * Math.PI) / 180)}" y2="${200 + 72 * Math.sin((a * Math.PI) / 180)}" stroke="#f7dc6f" stroke-width="6"/>`).join('')}
${[
  [300, 300, 60],
  [420, 520, 40],
  [1250, 420, 70],
  [1150, 620, 45],
]
  .map(
    ([x, y, s]) =>
      `<path d="M${x} ${y! - s!} C ${x! + s! * 0.9} ${y! + s! * 0.1}, ${x! + s! * 0.6} ${y! + s!}, ${x} ${y! + s!} C ${x! - s! * 0.6} ${y! + s!}, ${x! - s! * 0.9} ${y! + s! * 0.1}, ${x} ${y! - s!} Z" fill="#3d8fb3" opacity="0.8"/>`,
  )
  .join('')}`,
      3,
      '#3d8fb3',
    ),
  // Proteine vegetali: a bowl full of legumes and a pea pod.
  4: () => {
    const next = random(44);
    const colors = ['#c0763b', '#e5c07b', '#8d5524', '#6b8e23', '#d35400', '#f0d9a7'];
    const beans = Array.from({ length: 70 }, () => {
      const angle = next() * Math.PI;
      const radius = next() * 250;
      const x = 800 + Math.cos(angle) * radius * (next() > 0.5 ? 1 : -1);
      const y = 500 - Math.abs(Math.sin(angle) * radius * 0.35);
      return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="22" ry="15" transform="rotate(${Math.round(next() * 180)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${colors[Math.floor(next() * colors.length)]}"/>`;
    }).join('');
    return frame(
      '#f4ecd8',
      '#e2cfa3',
      `${table('#c8a96a')}${beans}
<path d="M480 500 A 320 230 0 0 0 1120 500 Z" fill="#b5533c"/><ellipse cx="800" cy="500" rx="320" ry="30" fill="#9c4431"/>
<path d="M1180 300 C 1280 220, 1430 230, 1480 300 C 1430 360, 1280 370, 1180 300 Z" fill="#6b8e23"/>
<circle cx="1260" cy="300" r="22" fill="#9acd32"/><circle cx="1320" cy="298" r="22" fill="#9acd32"/><circle cx="1380" cy="300" r="22" fill="#9acd32"/>
${leaf(260, 260, 110, -20, '#6b8e23')}`,
      4,
      '#8d5524',
    );
  },
  // Etichette: a package with a nutrition label and a magnifying glass.
  5: () =>
    frame(
      '#ece8f7',
      '#c9bfe8',
      `${table('#a99bd6')}
<rect x="520" y="180" width="420" height="540" rx="28" fill="#ffffff"/>
<rect x="520" y="180" width="420" height="120" rx="28" fill="#7d6bc2"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="570" y="${350 + i * 55}" width="${i % 2 ? 220 : 300}" height="18" rx="9" fill="#c9bfe8"/><rect x="${i % 2 ? 820 : 880}" y="${350 + i * 55}" width="${i % 2 ? 70 : 10}" height="18" rx="9" fill="#7d6bc2"/>`).join('')}
<circle cx="1060" cy="500" r="150" fill="#ffffff" opacity="0.35" stroke="#3b2f6b" stroke-width="30"/>
<rect x="1150" y="610" width="60" height="210" rx="26" fill="#3b2f6b" transform="rotate(-40 1180 715)"/>
${leaf(260, 420, 120, -40, '#5fa777')}`,
      5,
      '#7d6bc2',
    ),
  // Spuntini: an apple, nuts and carrot sticks.
  6: () =>
    frame(
      '#fde8e4',
      '#f8b9ad',
      `${table('#ef9a8a')}
<circle cx="640" cy="500" r="200" fill="#e2574c"/><circle cx="560" cy="430" r="50" fill="#ffffff" opacity="0.25"/>
<rect x="630" y="250" width="20" height="90" rx="10" fill="#6e4b2a"/>${leaf(650, 300, 110, -30, '#4caf6e')}
${[
  [1000, 620],
  [1080, 640],
  [1160, 610],
  [1040, 560],
  [1120, 570],
]
  .map(
    ([x, y]) =>
      `<ellipse cx="${x}" cy="${y}" rx="46" ry="32" fill="#b5733c"/><path d="M${x! - 30} ${y} Q ${x} ${y! - 20} ${x! + 30} ${y}" stroke="#8d5524" stroke-width="5" fill="none"/>`,
  )
  .join('')}
${[0, 1, 2].map((i) => `<rect x="${1180 + i * 70}" y="260" width="44" height="260" rx="22" fill="#f39c12" transform="rotate(${10 - i * 10} ${1200 + i * 70} 390)"/>`).join('')}`,
      6,
      '#e2574c',
    ),
  // Sport: a dumbbell, a water bottle and a banana.
  7: () =>
    frame(
      '#e3f1ff',
      '#a8cdf0',
      `${table('#7fb0e0')}
<rect x="380" y="560" width="480" height="44" rx="22" fill="#34495e"/>
<rect x="350" y="480" width="70" height="200" rx="20" fill="#2c3e50"/><rect x="820" y="480" width="70" height="200" rx="20" fill="#2c3e50"/>
<rect x="290" y="510" width="60" height="140" rx="18" fill="#34495e"/><rect x="890" y="510" width="60" height="140" rx="18" fill="#34495e"/>
<rect x="1040" y="300" width="150" height="400" rx="40" fill="#2f7d4f"/><rect x="1075" y="250" width="80" height="60" rx="14" fill="#1e5635"/><rect x="1040" y="420" width="150" height="90" fill="#ffffff" opacity="0.6"/>
<path d="M1260 620 C 1330 500, 1450 480, 1500 400 C 1500 520, 1400 640, 1260 660 Z" fill="#f7dc6f"/><path d="M1490 400 L 1510 370" stroke="#6e4b2a" stroke-width="12" stroke-linecap="round"/>
<circle cx="330" cy="250" r="110" fill="#ffffff" stroke="#34495e" stroke-width="18"/><line x1="330" y1="250" x2="330" y2="175" stroke="#e2574c" stroke-width="12" stroke-linecap="round"/><line x1="330" y1="250" x2="385" y2="270" stroke="#34495e" stroke-width="12" stroke-linecap="round"/>`,
      7,
      '#2f7d4f',
    ),
  // Stagionalità: four season panels with a fruit each.
  8: () =>
    frame(
      '#eaf6e9',
      '#cde8c5',
      `<rect x="240" y="120" width="540" height="320" rx="36" fill="#f9d5e5"/><rect x="820" y="120" width="540" height="320" rx="36" fill="#fff0b3"/>
<rect x="240" y="480" width="540" height="320" rx="36" fill="#ffd8b1"/><rect x="820" y="480" width="540" height="320" rx="36" fill="#d6eaf8"/>
<circle cx="470" cy="300" r="60" fill="#c0392b"/><circle cx="570" cy="310" r="60" fill="#c0392b"/><path d="M470 240 Q 520 160 570 250" stroke="#4caf6e" stroke-width="10" fill="none"/>${leaf(520, 190, 70, -10, '#4caf6e')}
<circle cx="1090" cy="290" r="110" fill="#e74c3c"/>${leaf(1090, 180, 60, -60, '#27ae60')}${leaf(1090, 180, 60, 240, '#27ae60')}
<ellipse cx="510" cy="660" rx="150" ry="110" fill="#e67e22"/><line x1="510" y1="550" x2="510" y2="770" stroke="#ca6f1e" stroke-width="10"/><line x1="440" y1="560" x2="440" y2="760" stroke="#ca6f1e" stroke-width="8"/><line x1="580" y1="560" x2="580" y2="760" stroke="#ca6f1e" stroke-width="8"/><rect x="495" y="530" width="30" height="40" rx="8" fill="#6e4b2a"/>
<circle cx="1090" cy="650" r="120" fill="#f39c12"/><circle cx="1050" cy="610" r="30" fill="#ffffff" opacity="0.25"/>${leaf(1090, 530, 70, -70, '#27ae60')}`,
      8,
      '#4caf6e',
    ),
  // Mindful eating: a plate with cutlery and calm waves.
  9: () =>
    frame(
      '#eef5f2',
      '#cfe3dc',
      `${[0, 1, 2].map((i) => `<path d="M0 ${700 + i * 50} C 400 ${650 + i * 50}, 800 ${750 + i * 50}, 1600 ${690 + i * 50}" stroke="#8fbcae" stroke-width="16" fill="none" opacity="${0.8 - i * 0.2}"/>`).join('')}
<circle cx="800" cy="420" r="260" fill="#ffffff"/><circle cx="800" cy="420" r="200" fill="#f7f9f8" stroke="#dfe9e5" stroke-width="6"/>
${leaf(700, 420, 120, -20, '#5fa777')}<circle cx="860" cy="380" r="40" fill="#f5b041"/><circle cx="880" cy="470" r="32" fill="#e2574c"/>
<rect x="440" y="220" width="24" height="400" rx="12" fill="#7f8c8d"/><rect x="420" y="220" width="10" height="110" rx="5" fill="#7f8c8d"/><rect x="474" y="220" width="10" height="110" rx="5" fill="#7f8c8d"/>
<path d="M1140 220 C 1190 260, 1190 380, 1160 420 L 1160 620 L 1136 620 Z" fill="#7f8c8d"/>`,
      9,
      '#5fa777',
    ),
  // Pranzo fuori casa: a lunch box split by the plate method, and a fork.
  10: () =>
    frame(
      '#fef5e7',
      '#f9dcb0',
      `${table('#e8b97a')}
<rect x="400" y="220" width="800" height="460" rx="60" fill="#ffffff" stroke="#2f7d4f" stroke-width="18"/>
<rect x="430" y="250" width="370" height="400" rx="40" fill="#7dcea0"/>
<rect x="820" y="250" width="350" height="190" rx="36" fill="#f5deb3"/><rect x="820" y="460" width="350" height="190" rx="36" fill="#f0a868"/>
${leaf(520, 360, 90, -30, '#2f7d4f')}${leaf(600, 520, 90, 20, '#2f7d4f')}<circle cx="700" cy="380" r="34" fill="#e2574c"/><circle cx="520" cy="560" r="28" fill="#e2574c"/>
${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${880 + i * 55}" cy="${330 + (i % 2) * 40}" rx="22" ry="12" fill="#e5c07b"/>`).join('')}
${[0, 1, 2].map((i) => `<circle cx="${900 + i * 90}" cy="555" r="34" fill="#d35400" opacity="0.8"/>`).join('')}
<rect x="1290" y="260" width="24" height="420" rx="12" fill="#7f8c8d"/><rect x="1270" y="260" width="10" height="120" rx="5" fill="#7f8c8d"/><rect x="1324" y="260" width="10" height="120" rx="5" fill="#7f8c8d"/>`,
      10,
      '#f0a868',
    ),
};

/** The cover of a seeded content as a 1600x900 PNG. */
export const renderCover = async (contentId: number): Promise<Buffer> => {
  const draw = illustrations[contentId];
  if (!draw) throw new Error(`No illustration for content ${contentId}`);
  // Uncompressed: the PNG only carries the pixels to the image pipeline, which re-encodes them.
  return sharp(Buffer.from(draw())).png({ compressionLevel: 0 }).toBuffer();
};
