import { describe, expect, it } from 'vitest'
import { tenantAddressLine } from './tenant-address'

const FULL = {
  street: 'Av. 5 de Febrero 1351',
  city: 'Querétaro',
  state: 'Querétaro',
  postal_code: '76120',
  phone: '442 215 3000',
}

describe('the letterhead address line', () => {
  it('joins every part, the postal code and the phone with their labels', () => {
    expect(tenantAddressLine(FULL)).toBe(
      'Av. 5 de Febrero 1351, Querétaro, Querétaro, C.P. 76120 · Tel. 442 215 3000',
    )
  })

  it('leaves out the parts not given, blank ones too', () => {
    expect(tenantAddressLine({ ...FULL, street: '  ', state: null, phone: null })).toBe(
      'Querétaro, C.P. 76120',
    )
    expect(
      tenantAddressLine({ street: null, city: null, state: null, postal_code: null, phone: '442 215 3000' }),
    ).toBe('Tel. 442 215 3000')
  })

  it('is null when the tenant has given none of it', () => {
    expect(tenantAddressLine(null)).toBeNull()
    expect(
      tenantAddressLine({ street: '', city: null, state: ' ', postal_code: null, phone: null }),
    ).toBeNull()
  })
})
