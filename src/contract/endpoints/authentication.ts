import { LoginRequest } from '../schemas/login'
import { endpoint } from './define'

export const login = endpoint({
  service: 'authentication',
  method: 'POST',
  path: '/login',
  access: 'public',
  body: LoginRequest,
})
