import type { TermsText } from './terms-text.en';

/** The loan terms page's text, Filipino: loaded only for Filipino readers. */
export const termsTextFil: TermsText = {
  intro:
    'Saklaw ng mga tuntuning ito ang mga loan na ibinibigay ng {lender}, isang lending company na rehistrado sa Securities and Exchange Commission, sa pamamagitan ng produktong {product}. Para makahiram, dapat ay Pilipino ka, higit 18 taong gulang, may ganap na legal na kakayahan at may permanenteng address sa Pilipinas.',
  loanHeading: '1. Ang loan',
  amountOnce:
    'Halaga: {min} hanggang {max}; termino: {days} araw sa kalendaryo, babayaran nang isang bagsakan (ang aming mga produkto ay mula 91 hanggang 365 araw).',
  amountInstallments:
    'Halaga: {min} hanggang {max}; termino: {days} araw sa kalendaryo sa {periods} na hulog (ang aming mga produkto ay mula 91 hanggang 365 araw).',
  interest:
    'Interes: {daily} ng natitirang principal bawat araw. Service fee: {fee} ng principal, ibinabawas kapag ipinadala ang loan.',
  decision:
    'Nagpapasya kami sa aplikasyon sa loob ng 1 araw; naipapadala ang pera sa loob ng 1 hanggang 3 araw sa kalendaryo matapos kang pumayag.',
  purpose: 'Layunin ng loan: personal at pangangailangan ng pamilya; hindi para sa sugal o anumang labag sa batas.',
  lateHeading: '2. Late na pagbabayad',
  defaultCharge:
    'Isang beses na default charge na {new} para sa bagong kliyente at {repeat} para sa umuulit na kliyente.',
  tierRange:
    'Araw {from} hanggang {to}: penalty interest na {rate} kada buwan sa halagang hindi pa bayad, sinisingil araw-araw.',
  tierOnward:
    'Araw {from} pataas: penalty interest na {rate} kada buwan sa halagang hindi pa bayad, sinisingil araw-araw.',
  allocation:
    'Ang bayad matapos ang takdang petsa ay unang mapupunta sa legal na singil, saka sa gastos sa pagpapatupad, late penalty, fees, interes at principal.',
  earlyHeading: '3. Maagang pagbabayad at extension',
  prepayment:
    'Pinapayagan ang maagang pagbabayad kapag lumipas na ang hindi bababa sa {share}% ng termino at hindi mas maaga sa {days} araw sa kalendaryo matapos maipadala ang loan.',
  extension:
    'Ang extension (prolongation) ay isa pang termino na kapareho ang haba at nangangailangan ng dapat bayarang interes at penalty, kasama ang extension fee na {fee} ng natitirang principal.',
  noExtension: 'Hindi maaaring i-extend ang produktong ito.',
  bspHeading: '4. Mga limitasyon sa ilalim ng {source}',
  bspInterest:
    'Nominal na interes na hindi hihigit sa {nominal}% kada buwan; effective interest rate na hindi hihigit sa {effective}% kada buwan.',
  bspLate: 'Late penalty na hindi hihigit sa {late}% kada buwan sa halagang dapat bayaran.',
  bspTotal:
    'Kabuuang gastos ng loan (interes, fees, penalty at iba pang singil) na hindi hihigit sa {total}% ng principal.',
  obligationsHeading: '{number}. Ang iyong mga obligasyon at ang sa amin',
  changes: 'Ipaalam sa amin sa loob ng 3 araw kapag nagbago ang iyong pangalan, petsa ng kapanganakan o address.',
  court:
    'Kapag nag-utos ang korte ng pagbabayad, may 10 araw ka para magbayad bago ang pagpapatupad. Aabisuhan ka namin 7 araw ng trabaho bago namin ilipat ang loan.',
  otherHeading: '{number}. Iba pang tuntunin ng kasunduan',
  representations:
    'Ang sinasabi mo sa amin: kinukumpirma mong totoo, kumpleto at sa iyo ang mga impormasyon at dokumentong ibinigay mo sa iyong aplikasyon. Maaari naming tanggihan o kanselahin ang aplikasyong nakabatay sa maling impormasyon.',
  default:
    'Default: nasa default ang loan kapag may hulog na hindi nabayaran pagkalipas ng takdang petsa nito. Dito na nalalapat ang singil sa default at ang mga late penalty sa itaas; nananatili sa sariling takdang petsa ang iba pang bahagi ng iskedyul.',
  indemnity:
    'Indemnity: ikaw ang mananagot sa makatwiran at may patunay na gastos na pinasan namin dahil sa maling impormasyong ibinigay mo o sa paggamit ng loan na ipinagbabawal ng kasunduan, at hindi kailanman lalampas sa pinapayagan ng batas.',
  data: 'Ang iyong datos: pinoproseso namin ang iyong personal na datos sa ilalim ng Data Privacy Act of 2012 para suriin, ibigay at singilin ang loan, at ibinabahagi namin ang talaan ng iyong loan at mga bayad sa Credit Information Corporation at sa mga accredited na credit bureau, ayon sa hinihingi ng Republic Act No. 9510.',
  setOff:
    'Set-off: ang pera mong hawak namin (sobrang bayad o credit) ay maaaring ilapat sa halagang lampas na sa takdang petsa sa iyong loan; sasabihin namin sa iyo kapag ginawa namin ito at kung magkano ang natitira.',
  review:
    'Pagsusuri: maaari naming baguhin ang mga tuntuning ito para lamang sa mga bagong loan. Mananatili sa loan na naibigay na ang mga tuntuning tinanggap mo, maliban kung pumayag ka nang nakasulat sa pagbabago.',
  notices:
    'Mga abiso: sumusulat kami sa iyo sa pamamagitan ng SMS sa iyong rehistradong mobile number at sa app; sumusulat ka sa amin sa pamamagitan ng Mga Reklamo o Customer service. Itinuturing na natanggap ang abiso sa araw na ipinadala ito.',
  law: 'Batas na umiiral: ang mga batas ng Republika ng Pilipinas. Dinadala ang mga hindi pagkakasundo sa mga korte ng lugar kung saan ka nakatira; maaari ka ring magreklamo sa Securities and Exchange Commission.',
};
