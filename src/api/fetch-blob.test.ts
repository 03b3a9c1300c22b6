import { afterEach, describe, expect, it, vi } from 'vitest'
import { encounterFileCalls } from '../contract/endpoints/attachments'
import { fetchBlob } from './client'
import { ApiError, NetworkError } from './errors'

const ID = '0193a7f2-5b1e-7c3d-8e4f-0000000000f1'

describe('fetching a file’s bytes', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('answers the bytes of the owner’s download call', async () => {
    const requests: Request[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      requests.push(request)
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
        headers: { 'content-type': 'application/pdf' },
      })
    })
    const blob = await fetchBlob(encounterFileCalls.download, { params: { id: ID } })
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))
    expect(new URL(requests[0]?.url ?? '').pathname).toBe(`/api/operation/patients/encounter/file/${ID}`)
    expect(requests[0]?.method).toBe('GET')
  })

  it('turns a refusal into an ApiError and no answer into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ data: null, message: 'No se encontró el recurso solicitado.', error: true }),
          {
            status: 404,
            headers: { 'content-type': 'application/json' },
          },
        ),
    )
    await expect(fetchBlob(encounterFileCalls.download, { params: { id: ID } })).rejects.toEqual(
      new ApiError(404, 'No se encontró el recurso solicitado.'),
    )
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(fetchBlob(encounterFileCalls.download, { params: { id: ID } })).rejects.toBeInstanceOf(
      NetworkError,
    )
  })
})
