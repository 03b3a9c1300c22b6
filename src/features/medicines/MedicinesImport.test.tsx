import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n, stubApi } from '../../test/render'
import { MedicinesImport } from './MedicinesImport'

describe('the medicines import', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends the chosen spreadsheet and shows what it did, row by row', async () => {
    const api = stubApi({
      '/api/catalogs/catalog/medicines/catalog/excel': {
        body: {
          data: {
            medicines_added: 2,
            presentations_added: 3,
            unchanged: 1,
            rejected: 1,
            rejections: [{ line: 4, reason: 'Este campo es obligatorio.' }],
          },
          message: '',
          error: false,
        },
      },
    })
    const onImported = vi.fn()
    await renderWithI18n(<MedicinesImport onImported={onImported} />)
    const file = new File(['x'], 'medicamentos.xlsx')
    fireEvent.change(screen.getByLabelText('Archivo de medicamentos (Excel)'), { target: { files: [file] } })
    expect(
      await screen.findByText(
        'Medicamentos agregados: 2. Presentaciones agregadas: 3. Sin cambios: 1. Rechazadas: 1.',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Fila 4: Este campo es obligatorio.')).toBeTruthy()
    expect(onImported).toHaveBeenCalled()
    expect(api.requests[0]?.method).toBe('POST')
  })
})
