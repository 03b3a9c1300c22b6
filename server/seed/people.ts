import { buildCurp } from '../../src/contract/rules/curp'
import { FEDERAL_ENTITIES } from '../../src/contract/rules/federal-entities'
import { buildNss } from '../../src/contract/rules/nss'
import { DEMO_MUNICIPALITIES } from './places'

/**
 * Realistic, reproducible Mexican people for the demo and for tests: the same seed gives the same
 * people, with CURPs and NSS that pass their check digits and real state and municipality codes.
 */

const WOMEN = [
  'María Guadalupe',
  'Juana',
  'Margarita',
  'Verónica',
  'Leticia',
  'Rosa María',
  'Alejandra',
  'Patricia',
  'Gabriela',
  'Adriana',
  'Claudia',
  'Araceli',
  'Mariana',
  'Daniela',
  'Fernanda',
  'Ximena',
  'Valeria',
  'Sofía',
  'Andrea',
  'Karla',
  'Lucía',
  'Elena',
  'Silvia',
  'Norma',
]
const MEN = [
  'José Luis',
  'Juan',
  'Miguel Ángel',
  'Francisco',
  'Jesús',
  'Alejandro',
  'Roberto',
  'Ricardo',
  'Fernando',
  'Jorge',
  'Eduardo',
  'Carlos',
  'Luis Enrique',
  'Arturo',
  'Héctor',
  'Raúl',
  'Sergio',
  'Diego',
  'Emiliano',
  'Santiago',
  'Mateo',
  'Óscar',
  'Javier',
  'Rubén',
]
const SURNAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Ramos',
  'Domínguez',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Muñoz',
  'Rojas',
  'Contreras',
  'Salazar',
  'Luna',
  'Ortega',
  'Santiago',
  'Guerrero',
  'Estrada',
  'Bautista',
  'Cortés',
  'Soto',
  'Núñez',
  'Ibarra',
  'Peña',
  'Fuentes',
  'Rosales',
]
const SUPERVISORS = [
  'Ing. Ramón Treviño',
  'Lic. Carmen Villarreal',
  'Ing. Adolfo Garza',
  'Lic. Beatriz Cárdenas',
  'Ing. Tomás Elizondo',
]
const ADMINISTRATIVE_STATUSES = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'candidate',
  'inactive',
  'leave',
]
const MARITAL_STATUSES = ['single', 'married', 'married', 'common-law', 'divorced', 'widowed']
const RELATIONSHIPS = ['spouse', 'father', 'mother', 'child', 'other']
const FREQUENCIES = ['6-months', '1-year', '1-year', '2-years']

/** mulberry32: small, fast and good enough to make varied but repeatable demo data. */
export function randomSource(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  return { next, int, pick }
}
export type RandomSource = ReturnType<typeof randomSource>

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`
const digits = (random: RandomSource, count: number) =>
  Array.from({ length: count }, () => random.int(0, 9)).join('')

export interface Person {
  name: string
  lastName: string
  secondLastName: string
  sex: 'H' | 'M'
  birthDate: string
  birthStateCode: string
  curp: string
  nss: string
  phone: string
  payrollNumber: string
  hireDate: string
  administrativeStatus: string
  maritalStatus: string
  gender: string
  biologicalSex: string
  examFrequency: string
  addressStateCode: string
  addressMunicipalityCode: string
  addressOther: string
  emergencyContactName: string
  emergencyContactRelationship: string
  emergencyContactPhone: string
  supervisor: string
}

/** One person; `index` keeps payroll numbers and homoclaves unique within a run. */
export function generatePerson(random: RandomSource, index: number): Person {
  const sex = random.next() < 0.5 ? 'M' : 'H'
  const name = random.pick(sex === 'M' ? WOMEN : MEN)
  const lastName = random.pick(SURNAMES)
  const secondLastName = random.pick(SURNAMES)
  const year = random.int(1962, 2004)
  const birthDate = isoDate(year, random.int(1, 12), random.int(1, 28))
  const birthState = random.pick(FEDERAL_ENTITIES.slice(0, 32))
  const home = random.pick(DEMO_MUNICIPALITIES)
  // The homoclave tells namesakes apart; derive it from the index so no two demo CURPs collide.
  const homoclaveAlphabet = year < 2000 ? '0123456789' : 'ABCDEFGHIJKLMNPQRSTUVWXYZ'
  const homoclave = homoclaveAlphabet.charAt(index % homoclaveAlphabet.length)
  const hireYear = random.int(Math.min(year + 18, 2025), 2025)
  return {
    name,
    lastName,
    secondLastName,
    sex,
    birthDate,
    birthStateCode: birthState.code,
    curp: buildCurp({
      name,
      lastName,
      secondLastName,
      birthDate,
      sex,
      stateCurpCode: birthState.curpCode,
      homoclave,
    }),
    nss: buildNss({
      subdelegation: random.int(1, 99),
      registrationYear: hireYear % 100,
      birthYear: year % 100,
      serial: (index * 37 + random.int(0, 36)) % 10000,
    }),
    phone: `${random.pick(['55', '33', '81', '222', '442', '477', '664', '999'])}${digits(random, 8)}`.slice(
      0,
      10,
    ),
    payrollNumber: `N${pad(10000 + index, 6)}`,
    hireDate: isoDate(hireYear, random.int(1, 12), random.int(1, 28)),
    administrativeStatus: random.pick(ADMINISTRATIVE_STATUSES),
    maritalStatus: random.pick(MARITAL_STATUSES),
    gender: sex === 'M' ? 'female' : 'male',
    biologicalSex: sex === 'M' ? 'female' : 'male',
    examFrequency: random.pick(FREQUENCIES),
    addressStateCode: home.stateCode,
    addressMunicipalityCode: home.code,
    addressOther: `Calle ${random.pick(['Hidalgo', 'Morelos', 'Juárez', 'Reforma', '5 de Mayo', 'Allende', 'Zaragoza'])} ${random.int(1, 999)}, Col. ${random.pick(['Centro', 'Del Valle', 'Las Flores', 'Industrial', 'San José', 'Jardines'])}`,
    emergencyContactName: `${random.pick([...WOMEN, ...MEN])} ${lastName}`,
    emergencyContactRelationship: random.pick(RELATIONSHIPS),
    emergencyContactPhone: `${random.pick(['55', '33', '81'])}${digits(random, 8)}`,
    supervisor: random.pick(SUPERVISORS),
  }
}
