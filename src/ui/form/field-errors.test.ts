import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { activateLanguage } from '../../i18n/language'
import { fieldMessage } from './field-errors'

describe('the texts of a refused file, found on the device', () => {
  it('say what the server would say, in Spanish and in English', async () => {
    const reasons = ['file.imageType', 'file.documentType', 'file.imageTooLarge', 'file.pdfTooLarge']
    await activateLanguage('es')
    expect(reasons.map((reason) => fieldMessage(reason, i18n))).toEqual([
      'Elige una imagen con extensión .png o .jpg',
      'Elige un archivo PDF, o una imagen con extensión .png o .jpg',
      'La imagen debe pesar menos de 2 MB.',
      'El PDF debe pesar menos de 5 MB.',
    ])
    await activateLanguage('en')
    expect(reasons.map((reason) => fieldMessage(reason, i18n))).toEqual([
      'Choose an image with .png or .jpg extension',
      'Choose a PDF file, or an image with .png or .jpg extension',
      'The image must be under 2 MB.',
      'The PDF must be under 5 MB.',
    ])
  })
})
