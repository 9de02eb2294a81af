// Continent of each country code the reports use (ISO alpha-2, XK, and ZZ for YouTube's unknown country).

const CONTINENT_CODES: Record<string, string> = {
  Africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  Asia: 'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  Europe:
    'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  'North America':
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  'South America': 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  Oceania: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  Antarctica: 'AQ BV GS HM TF',
};

/** Where ZZ and any code outside the map go. */
export const UNKNOWN_CONTINENT = 'Unknown';

const BY_CODE = new Map<string, string>(
  Object.entries(CONTINENT_CODES).flatMap(([continent, codes]) => codes.split(' ').map((code) => [code, continent] as const)),
);

/**
 * The continent of an alpha-2 code.
 * @example continentOf('DE') // 'Europe'
 */
export function continentOf(code2: string): string {
  return BY_CODE.get(code2) ?? UNKNOWN_CONTINENT;
}

/** Every code the map knows (for the test that checks it against the countries table). */
export const mappedCountryCodes = (): string[] => [...BY_CODE.keys()];

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });

/** English name of a country; 'Unknown' for ZZ. */
export function countryName(code2: string): string {
  if (code2 === 'ZZ') return 'Unknown';
  return regionNames.of(code2) ?? code2;
}
