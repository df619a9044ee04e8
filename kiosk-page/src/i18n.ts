/** The page's words in Spanish and English. Spanish first: the record is kept under Spanish law. */
export type Lang = 'es' | 'en'
export type PunchType = 'in' | 'out' | 'break_start' | 'break_end'
export type State = 'not_working' | 'working' | 'on_break'

const es = {
  title: 'Registro de jornada',
  pairTitle: 'Vincular este dispositivo',
  pairHelp: 'Pegue el código del dispositivo (jkd_…) que el administrador obtuvo al dar de alta el quiosco.',
  pairLabel: 'Código del dispositivo',
  pairButton: 'Vincular',
  pairFailed: 'El código no es válido o el quiosco está revocado.',
  identifierPrompt: 'Introduzca su identificador (los números de su DNI)',
  identifierLabel: 'Identificador',
  pinPrompt: 'Introduzca su PIN',
  pinLabel: 'PIN',
  next: 'Continuar',
  ok: 'Aceptar',
  erase: 'Borrar',
  cancel: 'Cancelar',
  hello: (name: string) => `Hola, ${name}`,
  state: { not_working: 'Fuera de la jornada', working: 'Trabajando', on_break: 'En pausa' } as Record<State, string>,
  stateSince: (state: string, time: string) => `${state} desde las ${time}`,
  punch: { in: 'Entrada', out: 'Salida', break_start: 'Inicio de pausa', break_end: 'Fin de pausa' } as Record<
    PunchType,
    string
  >,
  recorded: (what: string, time: string) => `${what} registrada a las ${time}`,
  savedOffline: (what: string, time: string) => `${what} guardada a las ${time}: se enviará al volver la conexión`,
  offlineChoose: 'Sin conexión: elija su fichaje. Se enviará en cuanto vuelva la conexión.',
  newPinTitle: 'Elija un PIN nuevo',
  newPinHelp: 'Es su primer uso: cambie el PIN inicial. De 4 a 8 cifras, no todas iguales.',
  newPinLabel: 'PIN nuevo',
  repeatPinLabel: 'Repita el PIN nuevo',
  pinsDiffer: 'Los dos PIN no coinciden.',
  pinChanged: 'PIN cambiado.',
  wrongCredentials: 'Identificador o PIN incorrecto.',
  locked: (minutes: number) =>
    `Demasiados PIN incorrectos. Inténtelo de nuevo en ${minutes} min, o pida al administrador que restablezca su PIN.`,
  throttled: (seconds: number) => `Demasiados intentos fallidos en este quiosco. Espere ${seconds} s.`,
  sessionExpired: 'Ha pasado demasiado tiempo. Vuelva a identificarse.',
  refused: 'No se pudo registrar:',
  leftOpen: (day: string, time: string) => `No registraste la salida el ${day} (entrada a las ${time}).`,
  leftOpenProposal: (day: string, time: string) =>
    `La empresa propone cerrar esa jornada con la salida a las ${time} del ${day}. Si es correcto, acéptalo; si no, pide a RR. HH. que lo corrija.`,
  leftOpenAskHr: 'Pide a RR. HH. que registre tu hora de salida.',
  acceptClosing: (time: string) => `Aceptar salida a las ${time}`,
  askHr: 'Pedir a RR. HH.',
  askedHr: 'De acuerdo: pide a RR. HH. que corrija esa salida. Tu fichaje de hoy ya está registrado.',
  closingAccepted: 'Salida corregida. Tu fichaje de hoy ya está registrado.',
  online: 'Conectado',
  offline: 'Sin conexión',
  busy: (seconds: number) => `Servicio ocupado: se reintenta en ${seconds} s`,
  stillBusy: 'Servicio ocupado: inténtelo de nuevo en unos minutos',
  busyTitle: 'El servicio está ocupado',
  busyRetrying: (seconds: number) =>
    `Espere un momento: se vuelve a intentar solo en ${seconds} s. Si no puede esperar, cancele y fiche más tarde.`,
  busyTryAgain: 'El servicio está ocupado ahora mismo. Inténtelo de nuevo en unos segundos.',
  savedBusy: (what: string, time: string, seconds: number | null) =>
    `${what} guardada a las ${time}: el servicio está ocupado, se enviará ${seconds ? `en ${seconds} s` : 'en cuanto responda'}`,
  queued: (n: number) => (n === 1 ? '1 fichaje pendiente de envío' : `${n} fichajes pendientes de envío`),
  unpaired: 'El quiosco ya no está vinculado: avise al administrador.',
  language: 'English',
  languageLabel: 'Switch to English',
  keypad: 'Teclado numérico',
}

export type Words = typeof es

const en: Words = {
  title: 'Working time record',
  pairTitle: 'Pair this device',
  pairHelp: 'Paste the device code (jkd_…) the administrator got when setting up the kiosk.',
  pairLabel: 'Device code',
  pairButton: 'Pair',
  pairFailed: 'The code is not valid or the kiosk was revoked.',
  identifierPrompt: 'Enter your identifier (the digits of your ID)',
  identifierLabel: 'Identifier',
  pinPrompt: 'Enter your PIN',
  pinLabel: 'PIN',
  next: 'Continue',
  ok: 'OK',
  erase: 'Delete',
  cancel: 'Cancel',
  hello: (name: string) => `Hello, ${name}`,
  state: { not_working: 'Not working', working: 'Working', on_break: 'On a break' },
  stateSince: (state: string, time: string) => `${state} since ${time}`,
  punch: { in: 'Clock in', out: 'Clock out', break_start: 'Start break', break_end: 'End break' },
  recorded: (what: string, time: string) => `${what} recorded at ${time}`,
  savedOffline: (what: string, time: string) => `${what} saved at ${time}: it will be sent when the connection is back`,
  offlineChoose: 'No connection: choose your punch. It will be sent as soon as the connection is back.',
  newPinTitle: 'Choose a new PIN',
  newPinHelp: 'This is your first use: change the initial PIN. 4 to 8 digits, not all the same.',
  newPinLabel: 'New PIN',
  repeatPinLabel: 'Repeat the new PIN',
  pinsDiffer: 'The two PINs differ.',
  pinChanged: 'PIN changed.',
  wrongCredentials: 'Wrong identifier or PIN.',
  locked: (minutes: number) =>
    `Too many wrong PINs. Try again in ${minutes} min, or ask the administrator to reset your PIN.`,
  throttled: (seconds: number) => `Too many failed attempts at this kiosk. Wait ${seconds} s.`,
  sessionExpired: 'Too much time went by. Identify again.',
  refused: 'Could not be recorded:',
  leftOpen: (day: string, time: string) => `You did not clock out on ${day} (you clocked in at ${time}).`,
  leftOpenProposal: (day: string, time: string) =>
    `The company proposes to close that day with a clock-out at ${time} on ${day}. If that is right, accept it; if not, ask HR to correct it.`,
  leftOpenAskHr: 'Ask HR to record the time you left.',
  acceptClosing: (time: string) => `Accept clock-out at ${time}`,
  askHr: 'Ask HR',
  askedHr: 'All right: ask HR to correct that clock-out. Today’s punch is already recorded.',
  closingAccepted: 'Clock-out corrected. Today’s punch is already recorded.',
  online: 'Online',
  offline: 'Offline',
  busy: (seconds: number) => `Service busy: trying again in ${seconds} s`,
  stillBusy: 'Service busy: try again in a few minutes',
  busyTitle: 'The service is busy',
  busyRetrying: (seconds: number) =>
    `Please wait: trying again by itself in ${seconds} s. If you cannot wait, cancel and punch later.`,
  busyTryAgain: 'The service is busy right now. Try again in a few seconds.',
  savedBusy: (what: string, time: string, seconds: number | null) =>
    `${what} saved at ${time}: the service is busy, it will be sent ${seconds ? `in ${seconds} s` : 'as soon as it answers'}`,
  queued: (n: number) => (n === 1 ? '1 punch waiting to be sent' : `${n} punches waiting to be sent`),
  unpaired: 'This kiosk is no longer paired: tell the administrator.',
  language: 'Español',
  languageLabel: 'Cambiar a español',
  keypad: 'Numeric keypad',
}

export const WORDS: Record<Lang, Words> = { es, en }

/** Spanish unless the browser prefers English. */
export function initialLang(stored: string | null, preferred: readonly string[]): Lang {
  if (stored === 'es' || stored === 'en') return stored
  return preferred[0]?.toLowerCase().startsWith('en') ? 'en' : 'es'
}
