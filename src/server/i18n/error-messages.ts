import { replyLocale } from './reply-locale';

/**
 * The messages of our reply codes a borrower can meet, in Filipino. A reply in another
 * language keeps the message it was given (English, which names the field or the limit).
 */
const FIL: Readonly<Record<string, string>> = {
  '11': 'Rehistrado ka na, paki-download ang app at mag-log in',
  '101': 'Mali ang picture captcha',
  '-1': 'Mali ang picture captcha',
  '800005': 'Huwag ipasa nang dalawang beses ang kahilingan sa pagbabayad',
  '800006': 'Mali ang verification code',
  '40000': 'Pakisuri ang iyong inilagay at subukang muli.',
  '40100': 'Nag-expire ang iyong session. Pakimag-sign in ulit.',
  '40300': 'Hindi mo mabubuksan ito.',
  '40310':
    'Galing sa ibang site ang kahilingang ito kaya hindi ito tinanggap. Buksan ang pahina mula sa app o sa aming site.',
  '40400': 'Hindi ito nahanap.',
  '40900': 'Nagbago na ito. Pakibuksan ulit ang pahina.',
  '40901': 'Nagbago ang mga tuntunin ng loan. Pakibasa muna ang mga bagong tuntunin bago magpatuloy.',
  '40902': 'May bukas ka pang aplikasyon o loan. Maaari kang mag-apply ulit kapag natapos na ito.',
  '40903': 'Naipasa na ang iyong aplikasyon, kaya hindi na ito mababago habang bukas pa ito o ang loan.',
  '40904':
    'Hindi pa buo ang bayad sa loan na ito. Ibinibigay ang sertipiko ng buong pagbabayad kapag bayad na ito nang buo.',
  '42201': 'Mali ang code. Pakisubukang muli.',
  '42202': 'Nag-expire na ang code. Humingi ng bago.',
  '42203': 'Masyadong maraming maling subok. Humingi ng bagong code.',
  '42204': 'Huwag ipadala nang dalawang beses ang code',
  '42230': 'Ang reklamo sa paniningil ay para lamang sa loan na dapat nang bayaran o lampas na sa takdang petsa.',
  '42240': 'Maaari lamang i-extend ang loan mula 3 araw bago ang takdang petsa, kung pinapayagan ito ng produkto.',
  '42260': 'Kulang pa ang iyong aplikasyon. Pakitapos muna ang mga natitirang hakbang.',
  '42800': 'Pakisagot muna ang picture captcha bago humingi ng bagong code.',
  '41500': 'JPEG, PNG o WebP na larawan lamang ang maaaring i-upload.',
  '41300': 'Masyadong malaki ang larawan: hanggang 10 MB lamang.',
  '42900': 'Masyadong maraming kahilingan. Maghintay sandali at subukang muli.',
  '42910':
    'Masyadong maraming maling code mula sa authenticator. Naka-hold ito hanggang sa nakasaad na oras; gumagana pa rin ang recovery code.',
  '50000': 'May nangyaring mali. Pakisubukang muli.',
  '50300': 'Abala ang serbisyo. Pakisubukang muli mamaya.',
};

/** An error reply's message in the language the request asks for (Accept-Language). */
export function errorMessage(
  code: number | string,
  message: string,
  acceptLanguage: string | string[] | undefined,
): string {
  return replyLocale(acceptLanguage) === 'fil' ? (FIL[String(code)] ?? message) : message;
}

export const filErrorMessages = FIL;
