/** Every word the media module says to a person, in one place. */
export const MEDIA_MESSAGES = {
  fileTooLarge: 'File too large. The maximum size is 5MB.',
  /** The same words under a lower limit an admin set (/admin/settings). */
  fileTooLargeFor: (mb: number) => `File too large. The maximum size is ${mb}MB.`,
  svgNotAllowed: 'SVG not allowed',
  invalidType: 'Invalid file type. Please upload a JPG, PNG, GIF, WebP, HEIC, BMP or TIFF image.',
  unreadable: 'The image could not be read. It may be damaged or too large.',
  fileRequired: 'Image required - Please select an image to upload',
  oneFileOnly: 'Please upload one image at a time.',
  fieldsTooLarge: 'Invalid request: the form fields are too large.',
  malformedForm: 'Invalid request: the form data could not be read.',
  notMultipart: 'Invalid request: send the image as multipart/form-data.',
  wrongFileField: (field: string) => `Invalid request: send the image as the form field "${field}".`,
  imageNotFound: 'Image not found.',
  notOurImage: 'Invalid request: this is not an image URL of this site.',
} as const;
