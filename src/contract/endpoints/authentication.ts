import * as v from 'valibot'
import { LoginRequest } from '../schemas/login'
import {
  AcceptPrivacyNoticeRequest,
  GetSecurityQuestionsRequest,
  GetSecurityQuestionsResponse,
  PrivacyNotice,
  RecoverPasswordRequest,
  RecoverPasswordResponse,
  ResetPasswordRequest,
  ResetPasswordWithoutCodeRequest,
  UpdatePasswordRequest,
  ValidateSecurityQuestionsRequest,
} from '../schemas/recovery'
import {
  LoginResponse,
  LogoutRequest,
  RefreshRequest,
  RefreshResponse,
  ValidateUsernameRequest,
  ValidateUsernameResponse,
} from '../schemas/session'
import { endpoint } from './define'

/** The calls of SPEC §7 "Authentication", under `/api/authentication`. */

export const validateUsername = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/validate-username',
  access: 'public',
  body: ValidateUsernameRequest,
  response: ValidateUsernameResponse,
})

export const login = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/login',
  access: 'public',
  body: LoginRequest,
  response: LoginResponse,
})

export const hasSsoConfigured = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/has-sso-configured',
  access: 'public',
  response: v.object({ has_sso_configured: v.boolean(), sso_url: v.nullable(v.string()) }),
})

export const refreshToken = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/refreshtoken',
  access: 'public',
  body: RefreshRequest,
  response: RefreshResponse,
})

export const logout = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/logout',
  access: 'public',
  body: LogoutRequest,
})

export const recoverPassword = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/recover-password',
  access: 'public',
  body: RecoverPasswordRequest,
  response: RecoverPasswordResponse,
})

export const resetPassword = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/reset-password',
  access: 'public',
  body: ResetPasswordRequest,
})

export const resetPasswordWithoutCode = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/reset-password-without-code',
  access: 'public',
  body: ResetPasswordWithoutCodeRequest,
})

export const getSecurityQuestions = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/get-security-questions',
  access: 'public',
  body: GetSecurityQuestionsRequest,
  response: GetSecurityQuestionsResponse,
})

export const validateSecurityQuestions = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/validate-security-questions',
  access: 'public',
  body: ValidateSecurityQuestionsRequest,
})

/** Any signed-in user, even one whose password expired: this is how it stops being expired. */
export const updatePassword = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/update-password',
  access: 'authenticated',
  body: UpdatePasswordRequest,
})

export const getPrivacyNotice = endpoint({
  service: 'authentication',
  method: 'GET',
  path: '/notice-privacy',
  access: 'authenticated',
  response: PrivacyNotice,
})

export const acceptPrivacyNotice = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/notice-privacy',
  access: 'authenticated',
  body: AcceptPrivacyNoticeRequest,
})
