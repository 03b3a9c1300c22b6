import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type CatalogueName, catalogueNamed } from '../../contract/schemas/catalogue-definitions'
import { saveSession } from '../../session/session-store'
import { renderWithI18n, stubApi } from '../../test/render'
import { signedInAs } from '../../test/session'
import { CatalogueFormPage } from './CatalogueFormPage'

const CREATE = '/api/catalogs/catalog/subgroups/create'

async function renderForm(onDone: () => void, catalogue: CatalogueName = 'subgroups') {
  const definition = catalogueNamed(catalogue)
  const rootRoute = createRootRoute({
    component: () => <CatalogueFormPage definition={definition} onDone={onDone} />,
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  return renderWithI18n(<RouterProvider router={router} />)
}

describe('a catalogue’s form', () => {
  beforeEach(() => signedInAs(['subgroups-index', 'subgroups-create'], { uuid: 'admin-1' }))
  afterEach(() => {
    saveSession(null)
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('asks every item for a name before sending anything (SPEC §5)', async () => {
    const api = stubApi({})
    await renderForm(vi.fn())
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Turno' } })
    fireEvent.click(screen.getByRole('button', { name: 'Agregar elemento' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy()
    expect(api.requests).toHaveLength(0)
  })

  it('sends the items in the order they were moved to', async () => {
    const onDone = vi.fn()
    const entry = {
      id: 's1',
      catalogue: 'subgroups',
      name: 'Turno',
      code: null,
      active: true,
      parent_id: null,
      parent_name: null,
      position: 0,
      items: [],
      updated_at: '',
    }
    const api = stubApi({ [CREATE]: { body: { data: entry, message: '', error: false } } })
    await renderForm(onDone)
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Turno' } })
    for (const [index, item] of ['Matutino', 'Vespertino', 'Nocturno'].entries()) {
      fireEvent.click(screen.getByRole('button', { name: 'Agregar elemento' }))
      fireEvent.change(screen.getByLabelText(`Elemento ${index + 1}`), { target: { value: item } })
    }
    fireEvent.click(screen.getByRole('button', { name: 'Subir Elemento 3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.bodyOf(CREATE)).toEqual({
      name: 'Turno',
      code: null,
      active: true,
      parent_id: null,
      items: [{ name: 'Matutino' }, { name: 'Nocturno' }, { name: 'Vespertino' }],
      details: null,
    })
  })

  it('fills a diagnosis from the CIE-10 search and files it under the chosen system', async () => {
    const system = {
      id: '0190a1b2-c3d4-7e5f-8a9b-000000000201',
      catalogue: 'affected_system',
      name: 'Órganos de los sentidos',
      code: 'senses',
      active: true,
      parent_id: null,
      parent_name: null,
      position: 0,
      items: [],
      updated_at: '',
    }
    const created = { ...system, id: 'd1', catalogue: 'diagnostics', name: 'Efectos del ruido', code: 'H833' }
    const api = stubApi({
      '/api/catalogs/catalog/affected_system/list': { body: { data: [system], message: '', error: false } },
      '/api/catalogs/catalog/cie10': {
        body: {
          data: [
            {
              code: 'H833',
              description: 'Efectos del ruido sobre el oído interno',
              chapter: 'VIII',
              affected_system_code: 'senses',
            },
          ],
          message: '',
          error: false,
        },
      },
      '/api/catalogs/catalog/diagnostics/create': { body: { data: created, message: '', error: false } },
    })
    const onDone = vi.fn()
    await renderForm(onDone, 'diagnostics')
    fireEvent.change(await screen.findByLabelText('Buscar en CIE-10 (código o palabras)'), {
      target: { value: 'ruido' },
    })
    fireEvent.click(await screen.findByRole('button', { name: /H833/ }))
    await screen.findByRole('option', { name: 'Órganos de los sentidos (senses)' })
    fireEvent.change(screen.getByLabelText('Aparato o sistema'), { target: { value: system.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.bodyOf('/api/catalogs/catalog/diagnostics/create')).toEqual({
      name: 'Efectos del ruido sobre el oído interno',
      code: 'H833',
      active: true,
      parent_id: system.id,
      items: [],
      details: null,
    })
  })

  it('sends a vaccine with its doses, intervals and route, an empty booster as none', async () => {
    const onDone = vi.fn()
    const url = '/api/catalogs/catalog/vaccination-records/create'
    const entry = {
      id: 'v1',
      catalogue: 'vaccination-records',
      name: 'Td',
      code: null,
      active: true,
      parent_id: null,
      parent_name: null,
      position: 0,
      items: [],
      updated_at: '',
    }
    const api = stubApi({ [url]: { body: { data: entry, message: '', error: false } } })
    await renderForm(onDone, 'vaccination-records')
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Td' } })
    fireEvent.change(screen.getByLabelText('Enfermedad que previene'), {
      target: { value: 'Tétanos y difteria' },
    })
    fireEvent.change(screen.getByLabelText('Número de dosis'), { target: { value: '3' } })
    fireEvent.change(screen.getByLabelText('Intervalo entre dosis (días)'), { target: { value: '28' } })
    fireEvent.change(screen.getByLabelText('Vía de administración'), { target: { value: 'subcutaneous' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.bodyOf(url)).toEqual({
      name: 'Td',
      code: null,
      active: true,
      parent_id: null,
      items: [],
      details: {
        disease: 'Tétanos y difteria',
        doses: 3,
        interval_days: 28,
        booster_interval_days: null,
        route: 'subcutaneous',
      },
    })
  })

  it('schedules a vaccine for an age range and a risk, refusing a range that ends before it starts', async () => {
    const vaccine = {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      catalogue: 'vaccination-records',
      name: 'Hepatitis B',
      code: null,
      active: true,
      parent_id: null,
      parent_name: null,
      position: 0,
      items: [],
      updated_at: '',
    }
    const url = '/api/vaccination/vaccination-scheme'
    const api = stubApi({
      '/api/catalogs/catalog/vaccination-records/list': {
        body: { data: [vaccine], message: '', error: false },
      },
      [url]: {
        body: { data: { ...vaccine, id: 'e1', catalogue: 'vaccination-scheme' }, message: '', error: false },
      },
    })
    const onDone = vi.fn()
    await renderForm(onDone, 'vaccination-scheme')
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Hepatitis B — riesgo' } })
    await screen.findByRole('option', { name: 'Hepatitis B' })
    fireEvent.change(screen.getByLabelText('Vacuna'), { target: { value: vaccine.id } })
    fireEvent.change(screen.getByLabelText('Desde la edad (años)'), { target: { value: '40' } })
    fireEvent.change(screen.getByLabelText('Hasta la edad (años)'), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Valor no permitido')).toBeTruthy()
    expect(screen.getByLabelText('Hasta la edad (años)').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Desde la edad (años)').getAttribute('aria-invalid')).not.toBe('true')
    expect(api.requests.filter((request) => request.url.includes(url))).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Hasta la edad (años)'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Biológico' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(api.bodyOf(url)).toEqual({
      name: 'Hepatitis B — riesgo',
      code: null,
      active: true,
      parent_id: vaccine.id,
      items: [],
      details: { doses: null, age_from: 40, age_to: null, sex: null, subgroups: [], risks: ['biological'] },
    })
  })
})
