import type { FastifyInstance } from 'fastify'
import { getConfigurationsTenant } from '../../../src/contract/endpoints/configuration'
import { route } from '../../platform/route'

/** The provider's own name, shown on the landlord host's login page. */
const LANDLORD_NAME = { es: 'Administración de clínicas', en: 'Clinic administration' }

export async function tenantConfigurationRoutes(app: FastifyInstance) {
  // Before login the page needs only the public part: who this host belongs to and how to sign in.
  route(app, getConfigurationsTenant, async (_input, req) => {
    const sso = { has_sso_configured: false, sso_url: null, business_name: null }
    if (!req.tenant) {
      return {
        tenant: { slug: 'admin', name: LANDLORD_NAME[req.lang], logoUrl: null, primaryColor: null },
        sso,
        is_landlord: true,
      }
    }
    const { slug, tradeName, logoUrl, primaryColor } = req.tenant
    const publicPart = { tenant: { slug, name: tradeName, logoUrl, primaryColor }, sso, is_landlord: false }
    if (!req.user) return publicPart
    return {
      ...publicPart,
      settings: {
        password_expiry_months: req.tenant.passwordExpiryMonths,
        available_administrative_statuses: req.tenant.availableAdministrativeStatuses,
        disabled_inputs: req.tenant.disabledInputs,
        business_name: req.tenant.businessName,
        address: req.tenant.address,
        employer_registration: req.tenant.employerRegistration,
      },
    }
  })
}
