import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LocalReading } from '../db/local-db'
import { pdfText } from '../documents/pdf-text'
import { aDevice, CURPS } from '../sync/test-fixtures'
import { downloadReadingsPdf, type ReadingsPdfRequest, readingsPdfFromDevice } from './download-readings-pdf'
import { LETTERHEAD_KEY, readLetterhead, refreshLetterhead } from './tenant-letterhead'

/** A 4×1 PNG: the tenant's logo as the server would serve it. */
const LOGO_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAABCAIAAAB2XpiaAAAAEUlEQVR4nGNgiNvx//9/CAkALd8IJ966XVoAAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
)
const PATIENT_ID = '01937a4e-0000-7000-8000-000000000001'
const OTHER_PATIENT_ID = '01937a4e-0000-7000-8000-000000000002'

const request: ReadingsPdfRequest = {
  kind: 'blood-pressure',
  patient: { id: PATIENT_ID, name: 'Guadalupe Gómez Núñez', curp: CURPS.guadalupe },
  from: '2026-11-01',
  to: '2026-11-30',
  language: 'es',
}

const reading = (n: number, fields: Partial<LocalReading>): LocalReading => ({
  id: `01937a4e-0000-7000-8000-0000000001${n}0`,
  patient_id: PATIENT_ID,
  kind: 'blood-pressure',
  taken_at: '2026-11-20T15:00:00.000Z',
  note: null,
  version: 0,
  syncState: 'pending',
  ...fields,
})

/** The tenant configuration and its logo file, answered at the network's edge; counts logo fetches. */
function stubTenant(
  logoUrl: string | null,
  name = 'Industrias Acme del Bajío',
  street: string | null = null,
) {
  const logoRequests: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://demo.localhost:3000/')
      if (url.pathname === '/api/configuration/get-configurations-tenant') {
        const data = {
          tenant: { slug: 'demo', name, logoUrl, primaryColor: null },
          sso: { has_sso_configured: false, sso_url: null, business_name: null },
          is_landlord: false,
          settings: {
            password_expiry_months: 0,
            available_administrative_statuses: [],
            disabled_inputs: [],
            business_name: `${name} S.A. de C.V.`,
            address: { street, city: 'Querétaro', state: null, postal_code: '76120', phone: null },
            employer_registration: null,
          },
        }
        return Response.json({ data, message: '', error: false })
      }
      if (url.pathname.startsWith('/files/')) {
        logoRequests.push(url.pathname)
        return new Response(url.pathname.endsWith('.png') ? LOGO_PNG : 'GIF89a', { status: 200 })
      }
      throw new TypeError('Failed to fetch')
    }),
  )
  return { logoRequests }
}

/** The employer the stubbed tenant's settings name. */
const ACME_EMPLOYER = {
  business_name: 'Industrias Acme del Bajío S.A. de C.V.',
  employer_registration: null,
  address: { street: null, city: 'Querétaro', state: null, postal_code: '76120', phone: null },
}

const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }),
  )

afterEach(() => vi.unstubAllGlobals())

describe('the self-tracking PDF made on the device', () => {
  it('prints the patient’s readings of the kind with the cached letterhead and ranges, offline', async () => {
    const { db } = aDevice()
    stubTenant('/files/logo.png')
    await refreshLetterhead(db)
    await db.catalogItems.put({
      list: 'blood-pressure-ranges',
      code: 'stage-2',
      position: 0,
      data: {
        code: 'stage-2',
        name: 'Hipertensión etapa 2',
        systolic_min: 140,
        systolic_max: 180,
        diastolic_min: 90,
        diastolic_max: 120,
        color: '#c62828',
        sort: 4,
      },
    })
    await db.readings.bulkPut([
      reading(1, { systolic: 152, diastolic: 95, heart_rate: 80 }),
      reading(2, { kind: 'glucose', glucose: 250 }),
      reading(3, { patient_id: OTHER_PATIENT_ID, systolic: 199, diastolic: 111 }),
    ])
    offline()

    const { bytes, fileName } = await readingsPdfFromDevice(db, request, new Date(2026, 10, 23, 9, 30))
    const text = pdfText(bytes)
    expect(fileName).toBe('presion_arterial_23_11_2026.pdf')
    expect(text).toEqual(
      expect.arrayContaining([
        'Industrias Acme del Bajío',
        'Paciente: Guadalupe Gómez Núñez',
        `CURP: ${CURPS.guadalupe}`,
        '152/95',
        'Hipertensión etapa 2',
      ]),
    )
    expect(text).not.toContain('250')
    expect(text).not.toContain('199/111')
    expect(new TextDecoder('latin1').decode(bytes)).toContain('/Subtype /Image')
  })

  it('saves the PDF as a download named with the date', async () => {
    const { db } = aDevice()
    offline()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const fileName = await downloadReadingsPdf(db, { ...request, kind: 'glucose' })
    expect(fileName).toMatch(/^glucosa_\d{2}_\d{2}_\d{4}\.pdf$/)
    expect(clicked.map((link) => link.download)).toEqual([fileName])
    expect(clicked[0]?.href).toMatch(/^blob:/)
    vi.restoreAllMocks()
  })
})

describe('the cached letterhead', () => {
  it('fetches the logo once and again only when the tenant’s logo changes', async () => {
    const { db } = aDevice()
    const first = stubTenant('/files/logo.png')
    const held = await refreshLetterhead(db)
    expect(held?.name).toBe('Industrias Acme del Bajío')
    expect(held?.logo?.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true)
    await refreshLetterhead(db)
    expect(first.logoRequests).toEqual(['/files/logo.png'])

    const changed = stubTenant('/files/new-logo.png', 'Acme Salud', 'Av. 5 de Febrero 1351')
    await refreshLetterhead(db)
    expect(changed.logoRequests).toEqual(['/files/new-logo.png'])
    expect((await readLetterhead(db))?.name).toBe('Acme Salud')
    // The address line under the name comes with it, and is held for the documents made offline.
    expect((await readLetterhead(db))?.address).toBe('Av. 5 de Febrero 1351, Querétaro, C.P. 76120')
    // So is the employer an ST-7 names (issue 23), for a report begun offline.
    expect((await readLetterhead(db))?.employer).toEqual({
      business_name: 'Acme Salud S.A. de C.V.',
      employer_registration: null,
      address: {
        street: 'Av. 5 de Febrero 1351',
        city: 'Querétaro',
        state: null,
        postal_code: '76120',
        phone: null,
      },
    })
  })

  it('keeps what it held while offline, and holds no logo the PDF could not draw', async () => {
    const { db } = aDevice()
    stubTenant('/files/logo.png')
    await refreshLetterhead(db)
    offline()
    expect((await refreshLetterhead(db))?.logo).toMatch(/^data:image\/png/)

    stubTenant('/files/logo.gif')
    expect((await refreshLetterhead(db))?.logo).toBeNull()
    stubTenant(null)
    expect(await refreshLetterhead(db)).toEqual({
      name: 'Industrias Acme del Bajío',
      address: 'Querétaro, C.P. 76120',
      logo: null,
      logoUrl: null,
      employer: ACME_EMPLOYER,
    })
    expect((await db.meta.get(LETTERHEAD_KEY))?.value).toEqual({
      name: 'Industrias Acme del Bajío',
      address: 'Querétaro, C.P. 76120',
      logo: null,
      logoUrl: null,
      employer: ACME_EMPLOYER,
    })
  })
})
