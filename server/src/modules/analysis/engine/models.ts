import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';

/**
 * Worker-only: tfjs on its WebAssembly backend and the two models, each read from its npm package
 * (no network) and loaded on first use, once per worker. Never import this from the request thread:
 * the WASM backend blocks the thread it runs on.
 */
const require = createRequire(import.meta.url);

export type ModelName = 'nsfw' | 'centernet';

/** The nsfwjs MobileNetV2 "mid" graph model: 224x224 RGB in [0, 1]; Drawing, Hentai, Neutral, Porn, Sexy out. */
export const NSFW_INPUT = 224;
export const NSFW_OUTPUT = 'Identity';
/** The backbone's pooled features (1792 numbers), the embedding's source. */
export const FEATURE_OUTPUT =
  'StatefulPartitionedCall/sequential/keras_layer/StatefulPartitionedCall/StatefulPartitionedCall/StatefulPartitionedCall/predict/feature_vector/SpatialSqueeze';
/** CenterNet (MobileNetV3, COCO): 512x512 RGB in [0, 255]; 100 detections of x1, y1, x2, y2, score, class out. */
export const CENTERNET_INPUT = 512;
export const CENTERNET_OUTPUT = 'tower_0/detections';

let backend: Promise<void> | null = null;
const models = new Map<ModelName, Promise<GraphModel>>();
const loaded = new Set<ModelName>();

function ready(): Promise<void> {
  backend ??= (async () => {
    const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
    setWasmPaths(wasmDir);
    await tf.setBackend('wasm');
    await tf.ready();
  })();
  return backend;
}

/** The model, loaded on first call (later calls share that load). */
export function model(name: ModelName): Promise<GraphModel> {
  let promise = models.get(name);
  if (!promise) {
    promise = ready().then(() => (name === 'nsfw' ? loadNsfw() : loadCenterNet()));
    promise.then(
      () => loaded.add(name),
      () => models.delete(name),
    );
    models.set(name, promise);
  }
  return promise;
}

/** The models this worker has loaded so far. */
export function loadedModels(): ModelName[] {
  return [...loaded].sort();
}

async function loadNsfw(): Promise<GraphModel> {
  // nsfwjs ships its models as UMD scripts: the graph as an object, each weight shard as base64
  const dir = path.resolve(path.dirname(require.resolve('nsfwjs')), '../models/mobilenet_v2_mid');
  const graph = require(path.join(dir, 'model.min.js')) as ModelJson;
  const weights = Buffer.concat(
    ['group1-shard1of2.min.js', 'group1-shard2of2.min.js'].map((file) => Buffer.from(require(path.join(dir, file)) as string, 'base64')),
  );
  return fromMemory(graph, weights);
}

async function loadCenterNet(): Promise<GraphModel> {
  const dir = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../models');
  const graph = JSON.parse(readFileSync(path.join(dir, 'centernet.json'), 'utf8')) as ModelJson;
  return fromMemory(graph, readFileSync(path.join(dir, 'centernet.bin')));
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
}

function fromMemory(graph: ModelJson, weights: Buffer): Promise<GraphModel> {
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
  return loadGraphModel(
    tf.io.fromMemory({ modelTopology: graph.modelTopology, weightSpecs: graph.weightsManifest.flatMap((group) => group.weights), weightData }),
  );
}

export { tf };
