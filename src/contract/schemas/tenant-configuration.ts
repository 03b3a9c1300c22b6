import * as v from 'valibot'

/** What a tenant host shows before anyone signs in: enough for the login page (SPEC §2). */
export const PublicTenantConfiguration = v.object({
  tenant: v.object({
    slug: v.string(),
    name: v.string(),
    logoUrl: v.nullable(v.string()),
    primaryColor: v.nullable(v.string()),
  }),
  sso: v.object({
    has_sso_configured: v.boolean(),
    sso_url: v.nullable(v.string()),
    business_name: v.nullable(v.string()),
  }),
  is_landlord: v.boolean(),
})
export type PublicTenantConfiguration = v.InferOutput<typeof PublicTenantConfiguration>
