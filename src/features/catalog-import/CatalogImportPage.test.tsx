import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogImportReport } from '../../contract/schemas/catalog-import'
import { MAX_CATALOG_FILE_BYTES } from '../../contract/schemas/catalog-import'
import { renderWithI18n } from '../../test/render'
import { CatalogImportPage } from './CatalogImportPage'

/** The browser's XMLHttpRequest as the test drives it: progress and the answer come on demand. */
class FakeRequest {
  static sent: FakeRequest[] = []
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  send(body: FormData) {
    this.body = body
    FakeRequest.sent.push(this)
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'))
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }))
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.events.dispatchEvent(new Event('load'))
  }
  fail() {
    this.events.dispatchEvent(new Event('error'))
  }
}

const REPORT: CatalogImportReport = {
  files: [
    {
      file: 'dgis-municipios-202507.csv',
      format: 'dgis-municipalities',
      catalog: 'municipalities',
      rows: 14,
      added: 5,
      updated: 4,
      unchanged: 0,
      rejected: 5,
      rejections: [
        { line: 12, reason: 'La clave de entidad 33 no existe.' },
        { line: 15, reason: 'Falta el nombre del municipio.' },
      ],
      skipped: null,
      notes: [],
    },
  ],
  added: 5,
  updated: 4,
  unchanged: 0,
  rejected: 5,
  versions: [{ catalog: 'municipalities', version: 2 }],
}

const csv = (name: string, size = 120) => new File(['x'.repeat(size)], name, { type: 'text/csv' })

async function chooseAndImport(file: File) {
  fireEvent.change(screen.getByLabelText('Archivo del catálogo (CSV)'), { target: { files: [file] } })
  fireEvent.click(screen.getByRole('button', { name: 'Importar' }))
  await waitFor(() => expect(FakeRequest.sent).toHaveLength(1))
  return FakeRequest.sent[0] as FakeRequest
}

describe('the catalog import screen', () => {
  beforeEach(() => {
    FakeRequest.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeRequest)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends the file with a progress bar and shows the report, rejected rows with their reasons', async () => {
    await renderWithI18n(<CatalogImportPage />)
    const request = await chooseAndImport(csv('dgis-municipios-202507.csv', 1000))
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/catalogs/catalog/import')
    expect(request.headers['Accept-Language']).toBe('es')
    const sent = request.body as FormData // send() was called with the form
    expect((sent.get('file') as File).name).toBe('dgis-municipios-202507.csv')
    expect(sent.get('filename')).toBe('dgis-municipios-202507.csv')

    request.progress(400, 1000)
    const bar = await screen.findByRole('progressbar', { name: 'Enviando el archivo' })
    // The bar shows from the start of the upload: the progress comes with a render of its own.
    await waitFor(() => expect(bar.getAttribute('value')).toBe('400'))
    expect(screen.getByText('40 %')).toBeTruthy()
    request.progress(1000, 1000)
    expect(await screen.findByRole('progressbar', { name: 'Procesando en el servidor' })).toBeTruthy()

    request.respond(200, { data: REPORT, message: '', error: false })
    const report = await screen.findByRole('region', { name: 'Resultado de la importación' })
    expect(within(report).getByRole('status').textContent).toBe(
      '5 agregadas, 4 actualizadas, 0 sin cambios, 5 rechazadas.',
    )
    expect(within(report).getByText('Municipios (DGIS)')).toBeTruthy()
    const rejected = within(report).getByRole('table', { name: 'Filas rechazadas y por qué' })
    expect(
      within(rejected)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LíneaMotivo', '12La clave de entidad 33 no existe.', '15Falta el nombre del municipio.'])
    expect(within(report).getByText('Y 3 filas rechazadas más.')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('says a file was left out and why', async () => {
    await renderWithI18n(<CatalogImportPage />)
    const request = await chooseAndImport(csv('otro.csv'))
    const skipped = {
      ...REPORT.files[0],
      file: 'otro.csv',
      format: null,
      catalog: null,
      rows: 0,
      added: 0,
      updated: 0,
      rejected: 0,
      rejections: [],
      skipped: 'No se reconoce el formato del archivo por sus encabezados.',
    }
    request.respond(200, {
      data: { ...REPORT, files: [skipped], added: 0, updated: 0, rejected: 0, versions: [] },
      message: '',
      error: false,
    })
    expect(await screen.findByText('No se reconoce el formato del archivo por sus encabezados.')).toBeTruthy()
    expect(screen.getByText('No reconocido')).toBeTruthy()
  })

  it('shows the server’s message for a refused file', async () => {
    await renderWithI18n(<CatalogImportPage />)
    const request = await chooseAndImport(csv('vacio.csv'))
    request.respond(422, {
      data: null,
      message: 'Los datos no son válidos.',
      error: true,
      errors: { file: ['El campo es obligatorio.'] },
    })
    expect((await screen.findByRole('alert')).textContent).toBe('El campo es obligatorio.')
  })

  it('tells a lost connection with the spec’s words', async () => {
    await renderWithI18n(<CatalogImportPage />)
    const request = await chooseAndImport(csv('inegi-localidades.csv'))
    request.fail()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No hemos podido procesar tu solicitud, inténtalo nuevamente.',
    )
  })

  it('refuses a file over the limit without sending it', async () => {
    await renderWithI18n(<CatalogImportPage />)
    const big = csv('enorme.csv')
    Object.defineProperty(big, 'size', { value: MAX_CATALOG_FILE_BYTES + 1 })
    fireEvent.change(screen.getByLabelText('Archivo del catálogo (CSV)'), { target: { files: [big] } })
    expect((await screen.findByRole('alert')).textContent).toBe('El archivo pesa más de 50 MB.')
    expect(screen.getByRole('button', { name: 'Importar' }).hasAttribute('disabled')).toBe(true)
    expect(FakeRequest.sent).toHaveLength(0)
  })
})
