/**
 * The app's vacation line on Requests (app-page/src/i18n), without a browser: days carried in from
 * earlier years (art. 38.3 ET, vacation given back by a sick leave over it) count in what is left,
 * so they count in the figure it is "of" too: never "7 of 5 days left". The browser test
 * (app-worker) shows the line with days carried from 2025.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { en } from '../../app-page/src/i18n/en.js'
import { es } from '../../app-page/src/i18n/es.js'

it('art. 38.3 ET: carried days count in the total and say until when; without them the line is as before', () => {
  const carried = { days: 2, until: '30 June 2027' }
  assert.equal(
    en.requests.vacationLeft(7, 5, 0, carried),
    'Vacation: 7 of 7 days left this year: 5 of this year’s and 2 carried over from earlier years, to take by 30 June 2027.',
  )
  assert.equal(
    en.requests.vacationLeft(4, 22, 3, carried),
    'Vacation: 4 of 24 days left this year: 22 of this year’s and 2 carried over from earlier years, to take by 30 June 2027; 3 pending approval.',
  )
  assert.equal(
    es.requests.vacationLeft(7, 5, 0, { days: 2, until: '30 de junio de 2027' }),
    'Vacaciones: le quedan 7 de 7 días este año: 5 de este año y 2 de años anteriores, que puede disfrutar hasta el 30 de junio de 2027.',
  )
  assert.equal(
    en.requests.vacationLeft(20, 22, 2, null),
    'Vacation: 20 of 22 days left this year (2 pending approval).',
  )
  assert.equal(es.requests.vacationLeft(22, 22, 0, null), 'Vacaciones: le quedan 22 de 22 días este año.')
})
