import type { AgreementWords } from './agreement-words';

/**
 * The documents in plain Filipino, written for the borrower to understand what they sign. A
 * translation: the note at the top says the English text governs where the two differ.
 */
export const FILIPINO_WORDS: AgreementWords = {
  listTitles: ['Kasunduan sa loan', 'Pahayag ng pagsisiwalat', 'Paunawa sa privacy'],
  titles: {
    agreement: 'Kasunduan sa loan',
    disclosure: 'Pahayag ng pagsisiwalat (Truth in Lending Act, R.A. 3765)',
    privacy: 'Paunawa sa privacy (Data Privacy Act of 2012)',
  },
  governingNote:
    'Salin sa Filipino ang dokumentong ito para mas madali mong maunawaan. Kapag may pagkakaiba ang salin at ang bersyong Ingles, ang bersyong Ingles ang masusunod.',
  lender: (l) => `${l.name}, SEC Registration No. ${l.secRegNo}, ${l.caNo}, ${l.address} (ang Nagpapautang)`,
  borrower: (b) => `${b.name ?? 'Ang Nanghihiram'}, telepono ${b.phone} (ang Nanghihiram), order ${b.orderNo}`,
  borrowerUnnamed: 'Ang Nanghihiram na nakapangalan sa order kung saan tinanggap ang kasunduang ito',
  installment: (p) => `Hulog ${p.index}/${p.count}, takdang petsa ${p.due}`,
  rows: {
    product: 'Produkto',
    principal: 'Prinsipal',
    term: 'Termino',
    termValue: (days, payments) => `${days} araw, babayaran sa ${payments} hulog`,
    interest: 'Interes',
    interestValue: (rate, total) => `${rate} bawat araw, ${total} sa kabuuan`,
    serviceFee: 'Bayad sa serbisyo, ibinabawas sa ipapadalang halaga',
    netProceeds: 'Netong halagang ipapadala sa Nanghihiram',
    totalToRepay: 'Kabuuang babayaran',
  },
  repayment: {
    heading: 'Pagbabayad',
    paragraph:
      'Babayaran ng Nanghihiram ang bawat hulog sa o bago ang takdang petsa nito, sa alinmang paraan ng pagbabayad na nakalista sa app. Bago matapos ang termino, ang bawat bayad ay mapupunta muna sa mga bayarin, saka sa interes, saka sa prinsipal. Pagkatapos ng termino, mapupunta ito sa mga singil na itinakda ng batas, sa gastos sa pagpapatupad ng kasunduan, sa multa sa pagkaantala, sa mga bayarin, sa interes at sa prinsipal, sa ganitong pagkakasunod. Ang anumang sobrang bayad ay itatabi bilang kredito ng Nanghihiram.',
  },
  late: {
    heading: 'Pagkaantala ng bayad',
    paragraph: (c) =>
      `Kapag hindi nabayaran ang isang hulog sa takdang petsa nito, sisingilin ang isang beses na singil sa pagkabigong magbayad na ${c.new} (${c.repeat} para sa umuulit na nanghihiram) at multa sa pagkaantala: ${c.tiers
        .map((t) => `mula sa ika-${t.fromDay} araw ng pagkaatraso, ${t.rate} bawat buwan sa halagang dapat bayaran`)
        .join('; ')}.`,
    ceiling: (c) =>
      `Saklaw ng ${c.source} ang utang na ito: ang interes ay hanggang ${c.interest} lamang bawat buwan, ang epektibong tantos ay hanggang ${c.effective} bawat buwan, ang multa sa pagkaantala ay hanggang ${c.late} bawat buwan sa halagang dapat bayaran, at ang kabuuang gastos ay hanggang ${c.total} ng prinsipal. Kapag mas malaki ang alinmang halaga sa itaas, ang pinakamataas na itinakda ang masusunod.`,
  },
  prepayment: {
    heading: 'Maagang pagbabayad at pagpapalawig',
    anyDay:
      'Maaaring bayaran ng Nanghihiram nang buo at maaga ang utang sa kahit anong araw mula sa araw na matanggap niya ang pera. Interes hanggang sa araw lamang ng pagbabayad ang sisingilin; hindi sisingilin ang interes na hindi pa kinikita.',
    lockIn: (date) =>
      `Maaaring bayaran ng Nanghihiram nang buo at maaga ang utang. Kapag nagbayad siya nang buo bago ang ${date}, babayaran niya ang buong nakatakdang interes; mula ${date}, interes hanggang sa araw lamang ng pagbabayad.`,
    noExtension: 'Hindi maaaring palawigin ang utang na ito.',
    extension: (fee, max) =>
      `Maaaring palawigin ng Nanghihiram ang utang nang tig-isang termino${max === null ? '' : ` (hanggang ${max} beses lamang)`} kapag binayaran niya ang interes at multang dapat nang bayaran at ang bayad sa pagpapalawig na ${fee} ng natitirang prinsipal, na ibinababa kapag iyon ang hinihingi ng pinakamataas na itinakda o ng mga limitasyon ng Nagpapautang.`,
  },
  other: {
    heading: 'Iba pang tuntunin',
    paragraphs: ({ email, phone }) => [
      'Ipapadala ang pera sa payout account na itinala ng Nanghihiram sa app. Naniningil lamang ang Nagpapautang sa mga paraang naaayon sa batas, at hindi kailanman kokontakin ang mga taong nasa listahan ng mga kontak sa telepono ng Nanghihiram.',
      `Mga tanong at reklamo: ${email}, ${phone}, o ang pahina ng reklamo sa app.`,
    ],
  },
  disclosure: {
    heading: 'Tungkol sa mga halagang ito',
    paragraph:
      'Ang singil sa pananalapi ay ang lahat ng singil na binabayaran ng Nanghihiram para sa pautang. Ipinapakita ng epektibong tantos ng interes kung magkano ito kapag ikinalat sa aktuwal na iskedyul ng mga hulog. Hindi bahagi ng singil sa pananalapi ang mga singil sa pagkaantala, ang bayad sa pagpapalawig at ang mga tuntunin sa maagang pagbabayad; nakalista ang mga ito sa itaas, kasama ang mga pinakamataas na halagang ipinatutupad sa kanila.',
  },
  privacy: (officer) => [
    {
      heading: 'Ano ang kinokolekta namin',
      paragraphs: [
        'Ang numero ng iyong telepono, ang iyong pangalan at payout account, ang iyong mga order ng utang, mga bayad at reklamo, at anumang ipinapadala mo sa amin sa app.',
      ],
    },
    {
      heading: 'Bakit',
      paragraphs: [
        'Para suriin at pangasiwaan ang iyong utang, itala ang iyong mga bayad, sagutin ka, at tuparin ang aming mga tungkulin sa SEC, sa BSP at sa mga credit bureau.',
      ],
    },
    {
      heading: 'Sino pa ang nakakakita nito',
      paragraphs: [
        'Ang mga kumpanyang tumatanggap ng iyong mga bayad, ang Credit Information Corporation ayon sa hinihingi ng batas, at wala nang iba para sa pag-aalok ng produkto.',
      ],
    },
    {
      heading: 'Ang iyong mga karapatan',
      paragraphs: [
        `Maaari mong hilingin na makita, itama o burahin ang iyong datos, o tumutol sa paggamit nito. Sumulat sa ${officer}.`,
      ],
    },
  ],
};
