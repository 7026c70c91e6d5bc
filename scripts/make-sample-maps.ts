/**
 * Writes the sample map files the importers are tested with (maps/imports/): one small dungeon,
 * drawn here with sharp from an SVG so no third-party art is involved, saved as Universal VTT
 * (.dd2vtt, .uvtt, .df2vtt) and as a Tiled map (.tmj with its picture and an ICON tileset).
 * Run: npx tsx scripts/make-sample-maps.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const OUT = 'maps/imports';
const W = 12;
const H = 8;
const PX = 64;

/** Two rooms split by a wall along x = 6 with a door at (6, 3), and a pillar in the west room. */
const WALLS = [
  [
    { x: 6, y: 0 },
    { x: 6, y: 3 },
  ],
  [
    { x: 6, y: 4 },
    { x: 6, y: 8 },
  ],
];
const PILLAR = [
  { x: 3.2, y: 5.2 },
  { x: 3.8, y: 5.2 },
  { x: 3.8, y: 5.8 },
  { x: 3.2, y: 5.8 },
  { x: 3.2, y: 5.2 },
];
const DOOR = {
  position: { x: 6, y: 3.5 },
  bounds: [
    { x: 6, y: 3 },
    { x: 6, y: 4 },
  ],
  rotation: Math.PI / 2,
  closed: true,
  freestanding: false,
};

function pictureSvg(): string {
  const grid: string[] = [];
  for (let x = 0; x <= W; x++) grid.push(`<line x1="${x * PX}" y1="0" x2="${x * PX}" y2="${H * PX}"/>`);
  for (let y = 0; y <= H; y++) grid.push(`<line x1="0" y1="${y * PX}" x2="${W * PX}" y2="${y * PX}"/>`);
  const line = (pts: { x: number; y: number }[]) => pts.map((p) => `${p.x * PX},${p.y * PX}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W * PX}" height="${H * PX}">
  <rect width="100%" height="100%" fill="#8a7a62"/>
  <rect x="${6 * PX}" width="${6 * PX}" height="${H * PX}" fill="#6f7f6a"/>
  <g stroke="#3b3328" stroke-opacity="0.35" stroke-width="2">${grid.join('')}</g>
  <g fill="none" stroke="#2b2520" stroke-width="14" stroke-linecap="square">
    ${WALLS.map((w) => `<polyline points="${line(w)}"/>`).join('')}
  </g>
  <polygon points="${line(PILLAR)}" fill="#4a4038" stroke="#2b2520" stroke-width="4"/>
  <rect x="${6 * PX - 8}" y="${3 * PX + 4}" width="16" height="${PX - 8}" fill="#a0622d" stroke="#4a2a10" stroke-width="3"/>
</svg>`;
}

function tilesSvg(): string {
  // One 64-pixel tile per ICON tile type, in the tileset's order.
  const colours = ['#9a8c74', '#2b2520', '#6e8f4e', '#b0894f', '#d09a5a', '#b8412e', '#5a8fc0'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${colours.length * PX}" height="${PX}">
  ${colours.map((c, i) => `<rect x="${i * PX}" width="${PX}" height="${PX}" fill="${c}"/>`).join('')}
</svg>`;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const png = await sharp(Buffer.from(pictureSvg())).png({ palette: true, compressionLevel: 9 }).toBuffer();
  const webp = await sharp(Buffer.from(pictureSvg())).webp({ quality: 70 }).toBuffer();
  const uvtt = (format: number, image: Buffer) => ({
    format,
    resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: W, y: H }, pixels_per_grid: PX },
    line_of_sight: WALLS,
    objects_line_of_sight: [PILLAR],
    portals: [DOOR],
    environment: { baked_lighting: false, ambient_light: 'ffffffff' },
    lights: [],
    image: image.toString('base64'),
  });
  writeFileSync(`${OUT}/sample.dd2vtt`, JSON.stringify(uvtt(0.3, png)));
  writeFileSync(`${OUT}/sample.uvtt`, JSON.stringify(uvtt(0.3, png)));
  writeFileSync(`${OUT}/sample.df2vtt`, JSON.stringify(uvtt(0.2, webp)));

  writeFileSync(`${OUT}/sample.png`, png);
  writeFileSync(
    `${OUT}/icon-tiles.png`,
    await sharp(Buffer.from(tilesSvg())).png({ palette: true }).toBuffer(),
  );
  const props = (terrain: string, height = 0, destructible = false) => [
    { name: 'terrain', type: 'string', value: terrain },
    { name: 'height', type: 'int', value: height },
    { name: 'destructible', type: 'bool', value: destructible },
  ];
  const tileTypes = [
    props('ground'),
    props('impassable'),
    props('difficult'),
    props('ground', 1),
    props('ground', 2, true),
    props('dangerous'),
    props('edge'),
  ];
  // gid = firstgid (1) + tile id: 1 ground, 2 wall, 3 difficult, 4 height 1, 5 height 2
  // destructible, 6 dangerous, 7 edge.
  const data: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let gid = 1;
      if (x === 6 && y !== 3) gid = 2;
      else if (x === 3 && y === 5) gid = 2;
      else if (x >= 8 && x <= 9 && y >= 1 && y <= 2) gid = 4;
      else if (x === 10 && y === 5) gid = 5;
      else if (x >= 1 && x <= 2 && y >= 1 && y <= 2) gid = 3;
      else if (y === 7 && x >= 8) gid = 7;
      else if (x === 9 && y === 5) gid = 6;
      data.push(gid);
    }
  }
  const tmj = {
    type: 'map',
    version: '1.10',
    tiledversion: '1.10.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    width: W,
    height: H,
    tilewidth: PX,
    tileheight: PX,
    nextlayerid: 3,
    nextobjectid: 1,
    layers: [
      {
        id: 1,
        name: 'Battlemap',
        type: 'imagelayer',
        image: 'sample.png',
        offsetx: 0,
        offsety: 0,
        opacity: 1,
        visible: true,
        x: 0,
        y: 0,
      },
      {
        id: 2,
        name: 'ICON terrain',
        type: 'tilelayer',
        width: W,
        height: H,
        data,
        opacity: 0.5,
        visible: true,
        x: 0,
        y: 0,
      },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: 'ICON terrain',
        image: 'icon-tiles.png',
        imagewidth: tileTypes.length * PX,
        imageheight: PX,
        columns: tileTypes.length,
        tilecount: tileTypes.length,
        tilewidth: PX,
        tileheight: PX,
        margin: 0,
        spacing: 0,
        tiles: tileTypes.map((properties, id) => ({ id, properties })),
      },
    ],
  };
  writeFileSync(`${OUT}/sample.tmj`, `${JSON.stringify(tmj, null, 1)}\n`);
}

await main();
