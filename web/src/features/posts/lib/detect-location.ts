import { isNoPlace } from '@plates/common';
import { reverseGeocode } from '../api/posts-api';

/** Geolocation settings of document 2 §9. */
export const GEO = {
  timeoutMs: 10_000,
  fallbackTimeoutMs: 5_000,
  maximumAgeMs: 60_000,
  enableHighAccuracy: false,
} as const;

function messageFor(error: GeolocationPositionError): string {
  switch (error.code) {
    case 1:
      return 'Location access denied by user';
    case 2:
      return 'Location information unavailable';
    case 3:
      return 'Location request timeout';
    default:
      return 'Unknown geolocation error';
  }
}

class LocationError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

function getPosition(geo: Geolocation, timeout: number, maximumAge: number): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    // Some browsers never call back when the permission prompt is ignored: a guard of our own.
    const guard = setTimeout(() => reject(new LocationError('Location detection timeout', true)), timeout + 1_000);
    try {
      geo.getCurrentPosition(
        (position) => {
          clearTimeout(guard);
          resolve(position);
        },
        (error) => {
          clearTimeout(guard);
          reject(new LocationError(messageFor(error), error.code !== 1));
        },
        { enableHighAccuracy: GEO.enableHighAccuracy, timeout, maximumAge },
      );
    } catch {
      clearTimeout(guard);
      reject(new LocationError('Failed to setup geolocation'));
    }
  });
}

/**
 * The browser's position (10 s, cached up to 60 s, low accuracy; on a timeout or an unavailable
 * position one more try of 5 s accepting any cached position) turned into a place name by
 * GET /api/geocode/reverse. Throws an Error with one of the specification's messages, also when
 * the geocoder finds no place near.
 */
export async function detectLocation(geo: Geolocation | undefined = navigator.geolocation): Promise<string> {
  if (!geo) throw new LocationError('Geolocation not supported by browser');
  let position: GeolocationPosition;
  try {
    position = await getPosition(geo, GEO.timeoutMs, GEO.maximumAgeMs);
  } catch (error) {
    if (!(error instanceof LocationError) || !error.retryable) throw error;
    position = await getPosition(geo, GEO.fallbackTimeoutMs, Infinity);
  }
  try {
    const { location } = await reverseGeocode(position.coords.latitude, position.coords.longitude);
    // The geocoder answers "Unknown location" far from any place: no name, so a failure here.
    if (!location || isNoPlace(location.trim())) throw new Error('no place');
    return location.trim();
  } catch {
    throw new LocationError('Failed to convert coordinates to location name');
  }
}
