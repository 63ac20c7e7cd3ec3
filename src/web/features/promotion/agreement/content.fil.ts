import type { AgreementSection } from './content.en';

/** The registration agreement (spec 001 §2.2), Filipino. Same `{name}` values as the English. */
export const agreementIntroFil =
  'Ang kasunduang ito ay umiiral kapag ipinarehistro mo ang iyong mobile number sa isang promotion page ng {appName}. Pakibasa ito bago mo i-tap ang Apply. Sa pagpaparehistro, kinukumpirma mong nabasa mo ito, naunawaan mo ito at sumasang-ayon ka rito.';

export const agreementSectionsFil: readonly AgreementSection[] = [
  {
    heading: '1. Sino kami',
    paragraphs: [
      'Ang {appName} ay pinapatakbo ng {lenderName}, isang lending company na rehistrado sa Securities and Exchange Commission (SEC Registration No. {secRegistrationNo}; Certificate of Authority: {certificateOfAuthorityNo}), na may opisina sa {address}. Sa kasunduang ito, ang "kami" ay nangangahulugang {lenderName}; ang "ikaw" ay ang taong nagpaparehistro.',
    ],
  },
  {
    heading: '2. Ano ang nagagawa ng pagpaparehistro',
    paragraphs: [
      'Ang pagpaparehistro ay lumilikha ng iyong {appName} account, na kinikilala sa iyong mobile number. Pinapayagan ka nitong mag-log in sa {appName} app gamit ang isang beses na code na ipinapadala sa numerong iyon.',
      'Libre ang pagpaparehistro. Hindi ito aplikasyon sa loan, at hindi ka nito inoobligang humiram, at hindi rin kami inoobligang magpahiram. Ang anumang loan ay iniaalok nang hiwalay, sa app, kasama ang halaga, termino, interes, fees, iskedyul ng pagbabayad at kabuuang gastos nito na ipinapakita sa iyo bago mo ito tanggapin, gaya ng hinihingi ng Truth in Lending Act (Republic Act No. 3765).',
    ],
  },
  {
    heading: '3. Sino ang maaaring magparehistro',
    paragraphs: ['Maaari ka lamang magparehistro kung totoo ang lahat ng sumusunod:'],
    list: [
      'ikaw ay mamamayang Pilipino;',
      'ikaw ay hindi bababa sa 18 taong gulang at may ganap na legal na kakayahang pumasok sa mga kontrata;',
      'ikaw ay may permanenteng address sa Pilipinas;',
      'ang mobile number na ipinaparehistro mo ay iyo at ikaw lamang ang gumagamit.',
    ],
  },
  {
    heading: '4. Ang iyong mobile number at mga code',
    paragraphs: [
      'Kinukumpirma naming iyo ang numero sa pamamagitan ng pagpapadala ng 6-digit na code sa SMS. Ang code ay may bisa nang 5 minuto at magagamit nang isang beses. Huwag ibahagi ang code kaninuman, kahit sa sinumang nagsasabing nagtatrabaho sila sa amin: hindi namin ito kailanman hihingin sa iyo.',
      'Para protektahan ka sa mga hindi gustong mensahe, nililimitahan namin kung ilang code ang maaaring ipadala sa isang numero at mula sa isang network, at kailangang sagutan ang isang picture captcha bago ipadala ang code.',
      'Kung nawala ang iyong phone o nagpalit ka ng numero, sabihin agad sa amin sa {email} o {phone}, para walang ibang makapag-log in sa iyong account.',
    ],
  },
  {
    heading: '5. Impormasyong kinokolekta namin kapag nagparehistro ka',
    paragraphs: [
      'Kinokolekta namin ang iyong mobile number, ang promotion na pinagparehistruhan mo (ang campaign at referral code sa link na binuksan mo, at ang invitation code kung naglagay ka), ang uri ng phone na ginamit mo (iOS o Android) at mga teknikal na record ng pagpaparehistro, gaya ng oras at network address, na itinatago para maiwasan ang pandaraya at pang-aabuso.',
      'Ginagamit namin ang impormasyong ito para likhain at protektahan ang iyong account, para ipadala sa iyo ang mga code at mensahe ng serbisyo na kailangan mo, para bilangin kung aling mga promotion ang gumagana, at para tuparin ang aming mga legal na obligasyon. Pinoproseso namin ito sa ilalim ng Data Privacy Act of 2012 (Republic Act No. 10173) at gaya ng inilalarawan sa aming patakaran sa privacy, na nagpapaliwanag din kung ano ang kinokolekta ng app kung mag-apply ka ng loan sa ibang pagkakataon.',
      'Hindi namin ibinebenta ang iyong impormasyon. Ibinabahagi lamang namin ito sa mga service provider na nagtatrabaho para sa amin sa ilalim ng kontrata (halimbawa, ang kumpanyang nagpapadala ng aming SMS), at sa mga awtoridad kapag hinihingi ng batas.',
    ],
  },
  {
    heading: '6. Mga mensaheng ipinapadala namin',
    paragraphs: [
      'Nagpapadala kami sa iyo ng mga verification code at mensahe tungkol sa iyong account. Nagpapadala lamang kami ng mga alok at promotion kung pumayag kang tumanggap ng mga ito, at maaari mo itong ihinto anumang oras sa pakikipag-ugnayan sa amin; hindi naaapektuhan ang iyong account kapag inihinto mo ang mga ito.',
    ],
  },
  {
    heading: '7. Ang iyong mga karapatan',
    paragraphs: [
      'May karapatan kang malaman, makita ang iyong impormasyon, ipatama ito, tumutol sa pagproseso nito, ipabura o ipa-block ito kapag hindi na kailangan, sa data portability, at magsampa ng reklamo sa National Privacy Commission. Para gamitin ang mga karapatang ito, makipag-ugnayan sa aming {grievanceOfficer}.',
    ],
  },
  {
    heading: '8. Ang mga ipinapangako mong hindi gagawin',
    paragraphs: ['Sumasang-ayon kang hindi:'],
    list: [
      'magparehistro ng mobile number na hindi iyo, o magparehistro para sa ibang tao;',
      'magbigay ng maling impormasyon o magpanggap na ibang tao;',
      'gumamit ng mga script o automated na tool sa registration page, o subukang lampasan ang mga limitasyon at captcha nito.',
    ],
  },
  {
    heading: '9. Pagsasara ng iyong pagpaparehistro',
    paragraphs: [
      'Maaari kang humiling sa amin na isara ang iyong account anumang oras kung wala kang hindi pa nababayarang loan sa amin. Maaari naming isara ang pagpaparehistrong lumalabag sa kasunduang ito. Pagkatapos isara, itinatago lamang namin ang mga record na hinihingi ng batas, hangga\u2019t hinihingi nito.',
    ],
  },
  {
    heading: '10. Mga pagbabago sa kasunduang ito',
    paragraphs: [
      'Maaari naming i-update ang kasunduang ito. Ipinapakita ng petsa sa itaas kung kailan ito huling nagbago. Kung maaapektuhan ng pagbabago ang iyong mga karapatan, sasabihin namin sa iyo sa app o sa SMS bago ito umiral.',
    ],
  },
  {
    heading: '11. Batas na umiiral',
    paragraphs: [
      'Ang kasunduang ito ay pinamamahalaan ng mga batas ng Pilipinas, kasama ang Lending Company Regulation Act of 2007 (Republic Act No. 9474) at ang mga patakaran ng Securities and Exchange Commission.',
    ],
  },
  {
    heading: '12. Makipag-ugnayan sa amin',
    paragraphs: ['{lenderName}, {address}. E-mail: {email}. Telepono: {phone}. Data privacy: {grievanceOfficer}.'],
  },
];
