import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoint } from '../contract/endpoints/define'
import { activateLanguage } from '../i18n/language'
import { stubApi } from '../test/render'
import { call } from './client'
import { ApiError, NetworkError } from './errors'

const readPatient = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/:id',
  access: 'patients-index',
  response: v.object({ id: v.string() }),
})

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('fills the path from the contract and unwraps the envelope', async () => {
    const { requests } = stubApi({
      '/api/operation/patients/a%2Fb': { body: { data: { id: 'a/b' }, message: '', error: false } },
    })
    expect(await call(readPatient, { params: { id: 'a/b' } })).toEqual({ id: 'a/b' })
    expect(requests[0]?.method).toBe('GET')
  })

  it('sends the active language', async () => {
    await activateLanguage('en')
    const { requests } = stubApi({
      '/api/operation/patients/1': { body: { data: { id: '1' }, message: '', error: false } },
    })
    await call(readPatient, { params: { id: 1 } })
    expect(requests[0]?.headers.get('accept-language')).toBe('en')
  })

  it('turns a 422 into an ApiError with its field messages', async () => {
    stubApi({
      '/api/operation/patients/1': {
        status: 422,
        body: {
          data: null,
          error: true,
          message: 'Todos los campos obligatorios deben ser llenados',
          errors: { curp: ['La CURP no es válida'] },
        },
      },
    })
    const failure = await call(readPatient, { params: { id: 1 } }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 422, errors: { curp: ['La CURP no es válida'] } })
  })

  it('turns no answer into a NetworkError', async () => {
    stubApi({})
    await expect(call(readPatient, { params: { id: 1 } })).rejects.toBeInstanceOf(NetworkError)
  })
})
