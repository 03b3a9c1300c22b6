/**
 * The 32 federal entities of Mexico with their INEGI code and RENAPO's CURP code, plus `NE`
 * (born abroad). Shared by the CURP rule, the seed and the address forms.
 */
export interface FederalEntity {
  code: string
  curpCode: string
  name: string
  abbreviation: string
}

const rows: [string, string, string, string][] = [
  ['01', 'AS', 'Aguascalientes', 'AGS'],
  ['02', 'BC', 'Baja California', 'BC'],
  ['03', 'BS', 'Baja California Sur', 'BCS'],
  ['04', 'CC', 'Campeche', 'CAMP'],
  ['05', 'CL', 'Coahuila de Zaragoza', 'COAH'],
  ['06', 'CM', 'Colima', 'COL'],
  ['07', 'CS', 'Chiapas', 'CHIS'],
  ['08', 'CH', 'Chihuahua', 'CHIH'],
  ['09', 'DF', 'Ciudad de México', 'CDMX'],
  ['10', 'DG', 'Durango', 'DGO'],
  ['11', 'GT', 'Guanajuato', 'GTO'],
  ['12', 'GR', 'Guerrero', 'GRO'],
  ['13', 'HG', 'Hidalgo', 'HGO'],
  ['14', 'JC', 'Jalisco', 'JAL'],
  ['15', 'MC', 'México', 'MEX'],
  ['16', 'MN', 'Michoacán de Ocampo', 'MICH'],
  ['17', 'MS', 'Morelos', 'MOR'],
  ['18', 'NT', 'Nayarit', 'NAY'],
  ['19', 'NL', 'Nuevo León', 'NL'],
  ['20', 'OC', 'Oaxaca', 'OAX'],
  ['21', 'PL', 'Puebla', 'PUE'],
  ['22', 'QT', 'Querétaro', 'QRO'],
  ['23', 'QR', 'Quintana Roo', 'QROO'],
  ['24', 'SP', 'San Luis Potosí', 'SLP'],
  ['25', 'SL', 'Sinaloa', 'SIN'],
  ['26', 'SR', 'Sonora', 'SON'],
  ['27', 'TC', 'Tabasco', 'TAB'],
  ['28', 'TS', 'Tamaulipas', 'TAMPS'],
  ['29', 'TL', 'Tlaxcala', 'TLAX'],
  ['30', 'VZ', 'Veracruz de Ignacio de la Llave', 'VER'],
  ['31', 'YN', 'Yucatán', 'YUC'],
  ['32', 'ZS', 'Zacatecas', 'ZAC'],
  ['NE', 'NE', 'Nacido en el extranjero', 'NE'],
]

export const FEDERAL_ENTITIES: readonly FederalEntity[] = rows.map(
  ([code, curpCode, name, abbreviation]) => ({
    code,
    curpCode,
    name,
    abbreviation,
  }),
)

export const CURP_STATE_CODES: ReadonlySet<string> = new Set(FEDERAL_ENTITIES.map((e) => e.curpCode))

export const federalEntityByCode = (code: string): FederalEntity | undefined =>
  FEDERAL_ENTITIES.find((e) => e.code === code)
