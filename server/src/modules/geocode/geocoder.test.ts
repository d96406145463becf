import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createGeocoder, distanceKm, UNKNOWN_LOCATION, type Places } from './geocoder.js';

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(344, -1); // Paris-London
    expect(distanceKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.2, 0); // across the antimeridian
  });
});

describe('reverse geocoding over the packaged data', () => {
  const geocoder = createGeocoder();

  it('names cities, districts by their city, regions, countries, and nothing at sea', async () => {
    expect(await geocoder.reverse(48.8566, 2.3522)).toBe('Paris');
    expect(await geocoder.reverse(35.6895, 139.6917)).toBe('Tokyo');
    // Largo do Intendente, central Lisbon: the neighbourhood is in the data, the city comes first
    expect(await geocoder.reverse(38.7223, -9.1393)).toBe('Lisbon');
    expect(await geocoder.reverse(40.7128, -74.006)).toBe('New York City');
    expect(await geocoder.reverse(-25.0, 131.0)).toBe('Northern Territory'); // 27 km from Yulara
    expect(await geocoder.reverse(30, -40)).toBe(UNKNOWN_LOCATION); // mid-Atlantic
    expect(await geocoder.reverse(-89.9, 0)).toBe(UNKNOWN_LOCATION);
  });

  it('answers fast once loaded', async () => {
    await geocoder.reverse(0, 0);
    const started = performance.now();
    for (let i = 0; i < 200; i++) await geocoder.reverse(-60 + (i % 120), -170 + ((i * 7) % 340));
    expect((performance.now() - started) / 200).toBeLessThan(5);
  });
});

describe('reverse geocoding rules', () => {
  const places: Places = {
    names: ['Alpha', 'Alpha 01 Old Town', 'Beta'],
    lat: Float64Array.from([10, 10.01, 10]),
    lon: Float64Array.from([10, 10.01, 179.95]),
    region: ['Region A', 'Region A', undefined],
    country: ['FR', 'FR', 'FJ'],
  };
  let loads = 0;
  const geocoder = createGeocoder(async () => {
    loads++;
    return places;
  });

  it('loads the data once and falls back from city to region to country by distance', async () => {
    expect(await geocoder.reverse(10.011, 10.011)).toBe('Alpha'); // the district gives way to its city
    expect(await geocoder.reverse(10.4, 10)).toBe('Region A'); // ~44 km
    expect(await geocoder.reverse(11.2, 10)).toBe('France'); // ~133 km
    expect(await geocoder.reverse(12.5, 10)).toBe(UNKNOWN_LOCATION); // ~278 km
    expect(await geocoder.reverse(10, -179.95)).toBe('Beta'); // across the antimeridian, 11 km
    expect(await geocoder.reverse(10, -179.0)).toBe('Fiji'); // no region: the country
    expect(loads).toBe(1);
  });
});

describe('GET /api/geocode/reverse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a location and refuses bad coordinates', async () => {
    const res = await t.app.inject('/api/geocode/reverse?lat=48.8566&lon=2.3522');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ location: 'Paris' });
    expect((await t.app.inject('/api/geocode/reverse?lat=0&lon=-30')).json()).toEqual({ location: UNKNOWN_LOCATION });
    for (const q of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=1', 'lon=1']) {
      expect((await t.app.inject(`/api/geocode/reverse?${q}`)).statusCode, q).toBe(400);
    }
  });
});
