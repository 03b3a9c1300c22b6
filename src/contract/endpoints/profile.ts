import { EditProfileRequest, Profile, ProfilePhotoParams } from '../schemas/profile'
import { endpoint } from './define'

/** The signed-in user's own profile (SPEC §7 "Users, roles, profile"), under `/api/configuration`. */

export const showProfile = endpoint({
  service: 'configuration',
  method: 'GET',
  path: '/profile',
  access: 'authenticated',
  response: Profile,
})

export const editProfile = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/profile/edit',
  access: 'authenticated',
  body: EditProfileRequest,
  response: Profile,
})

/** Removes the user's own profile photo; `id` is the user's own id. */
export const deleteProfilePhoto = endpoint({
  service: 'configuration',
  method: 'DELETE',
  path: '/profile/:id',
  access: 'authenticated',
  params: ProfilePhotoParams,
})
