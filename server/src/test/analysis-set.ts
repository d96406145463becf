import type { QualityTipCode } from '@plates/common';
import sharp, { type Sharp } from 'sharp';
import { mulberry32 } from '../modules/analysis/engine/embedding.js';
import { photo } from './media.fixtures.js';

/**
 * The labelled set the photo analysis engine is calibrated and tested on (issue 17): the three real
 * photographs under fixtures/photos (see fixtures/README.md for their licences) and versions of them
 * spoiled one way each with sharp, plus a few generated pictures that hold no food. Built at test
 * time, so nothing but the three photographs is committed.
 */
export interface LabelledPhoto {
  name: string;
  /** PNG bytes. */
  image: Buffer;
  /** Whether food or tableware is in it; `null`: not labelled (the spoiled copies of the coffee). */
  food: boolean | null;
  /** Tips it must get. */
  tips: QualityTipCode[];
  /** Tips it must not get. */
  notTips: QualityTipCode[];
}

/** The tips a well-taken photo must not get. */
const GOOD: QualityTipCode[] = ['dark', 'overexposed', 'blurry', 'noisy'];

/** A tablecloth's colour, for the small-subject picture. */
const CLOTH = { r: 226, g: 214, b: 190 };

export async function buildAnalysisSet(): Promise<LabelledPhoto[]> {
  const coffee = photo('coffee');
  const chelsea = photo('chelsea');
  const astronaut = photo('astronaut');
  const png = (image: Sharp) => image.png().toBuffer();

  const items: LabelledPhoto[] = [
    { name: 'coffee', image: coffee, food: true, tips: [], notTips: [...GOOD, 'dull', 'small_subject'] },
    { name: 'chelsea', image: chelsea, food: false, tips: [], notTips: GOOD },
    { name: 'astronaut', image: astronaut, food: false, tips: [], notTips: GOOD },
    { name: 'coffee-dark', image: await png(sharp(coffee).linear(0.3, 0)), food: null, tips: ['dark'], notTips: ['overexposed'] },
    { name: 'chelsea-dark', image: await png(sharp(chelsea).linear(0.3, 0)), food: false, tips: ['dark'], notTips: ['overexposed'] },
    { name: 'coffee-overexposed', image: await png(sharp(coffee).linear(1.6, 90)), food: null, tips: ['overexposed'], notTips: ['dark'] },
    { name: 'astronaut-overexposed', image: await png(sharp(astronaut).linear(1.6, 90)), food: false, tips: ['overexposed'], notTips: ['dark'] },
    { name: 'coffee-blurry', image: await png(sharp(coffee).blur(4)), food: null, tips: ['blurry'], notTips: ['dark', 'noisy'] },
    { name: 'astronaut-blurry', image: await png(sharp(astronaut).blur(4)), food: false, tips: ['blurry'], notTips: ['dark', 'noisy'] },
    { name: 'coffee-dull', image: await png(sharp(coffee).modulate({ saturation: 0.15 })), food: null, tips: ['dull'], notTips: ['dark', 'blurry'] },
    { name: 'chelsea-dull', image: await png(sharp(chelsea).modulate({ saturation: 0.15 })), food: false, tips: ['dull'], notTips: ['dark', 'blurry'] },
    { name: 'coffee-noisy', image: await withNoise(coffee, 20, 1), food: null, tips: ['noisy'], notTips: ['dark', 'blurry'] },
    { name: 'chelsea-noisy', image: await withNoise(chelsea, 20, 2), food: false, tips: ['noisy'], notTips: ['dark', 'blurry'] },
    { name: 'coffee-small', image: await smallSubject(coffee), food: null, tips: ['small_subject'], notTips: ['dark'] },
    { name: 'sky-gradient', image: await fromSvg(skySvg), food: false, tips: [], notTips: [] },
    { name: 'shapes', image: await fromSvg(shapesSvg), food: false, tips: [], notTips: [] },
    { name: 'stripes', image: await fromSvg(stripesSvg), food: false, tips: [], notTips: [] },
  ];
  return items;
}

/** Gaussian noise of `sigma` (0-255) on every channel, from a seeded generator so the set never changes. */
async function withNoise(image: Buffer, sigma: number, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const random = mulberry32(seed);
  for (let i = 0; i < data.length; i += 2) {
    // Box-Muller: two normal draws from two uniform ones
    const r = Math.sqrt(-2 * Math.log(random() || 1e-9));
    const t = 2 * Math.PI * random();
    data[i] = clamp(data[i]! + sigma * r * Math.cos(t));
    if (i + 1 < data.length) data[i + 1] = clamp(data[i + 1]! + sigma * r * Math.sin(t));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png().toBuffer();
}

/** The coffee shrunk to 150 px wide on a plain 1024x768 tablecloth: a plate far away. */
async function smallSubject(coffee: Buffer): Promise<Buffer> {
  const cup = await sharp(coffee).resize(150).toBuffer();
  return sharp({ create: { width: 1024, height: 768, channels: 3, background: CLOTH } })
    .composite([{ input: cup, left: 437, top: 334 }])
    .png()
    .toBuffer();
}

function fromSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const skySvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e4fa8"/><stop offset="1" stop-color="#b9dcf5"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/><rect y="470" width="800" height="130" fill="#3d7a34"/></svg>`;

const shapesSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#f4f4f4"/>
  <rect x="60" y="80" width="220" height="160" fill="#2456c9"/><rect x="360" y="260" width="300" height="120" fill="#1f9e6e" transform="rotate(12 510 320)"/>
  <polygon points="120,540 260,320 400,540" fill="#7b3fb5"/><rect x="560" y="60" width="160" height="160" fill="none" stroke="#222" stroke-width="12"/></svg>`;

const stripesSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${Array.from(
  { length: 20 },
  (_, i) => `<rect x="${i * 40}" width="20" height="600" fill="${i % 2 ? '#d33c3c' : '#2d2d8f'}"/>`,
).join('')}</svg>`;

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
