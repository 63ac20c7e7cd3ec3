import type { SiteContent } from './content';

/** The official site's marketing text (spec 000 §2 Official site), Filipino. */
export const siteContentFil: SiteContent = {
  slides: [
    {
      image: '/img/site/banner-cash.svg',
      action: 'apply',
      title: 'Pera kapag kailangan mo',
      text: 'Mag-apply mula sa iyong phone sa loob ng ilang minuto. Walang collateral, walang pila: ipapadala ang pera sa iyong e-wallet o bank account.',
    },
    {
      image: '/img/site/banner-fees.svg',
      action: 'calculator',
      title: 'Bawat piso, ipinapakita agad',
      text: 'Bago ka pumayag, makikita mo ang halagang matatanggap mo, bawat fee, ang mga takdang petsa at ang kabuuang babayaran mo.',
    },
    {
      image: '/img/site/banner-repay.svg',
      action: 'signIn',
      title: 'Magbayad sa paraang gusto mo',
      text: 'Magbayad sa GCash, Maya, 7-Eleven, Cebuana Lhuillier, Palawan Express o ECPay, gamit ang reference number.',
    },
  ],
  about: {
    image: '/img/site/about-team.svg',
    paragraphs: [
      'Ang Hiram ay isang cash-loan service para sa mga Pilipino, pinapatakbo ng isang lending company na rehistrado sa Securities and Exchange Commission. Ang bayarin sa ospital, matrikula o mahinang linggo sa negosyo ay maaaring dumating anumang oras: hinahayaan ka naming humiram ng makatwirang halaga nang mabilis, mula sa iyong phone.',
      'Responsable kaming magpahiram. Nag-aalok kami ng halagang kaya mong bayaran, sinusunod namin ang mga limitasyon ng Bangko Sentral ng Pilipinas sa interes at fees para sa maliliit na loan, at iginagalang namin ang bawat borrower, kahit na huli ang bayad.',
    ],
  },
  advantages: [
    {
      image: '/img/site/adv-quick.svg',
      title: 'Mabilis na approval',
      text: 'May desisyon sa loob ng 1 araw. Kapag tinanggap mo ang alok, ipapadala ang pera sa loob ng 1 hanggang 3 araw.',
    },
    {
      image: '/img/site/adv-fees.svg',
      title: 'Malinaw na fees',
      text: 'May Truth in Lending disclosure bago ka pumirma: walang idinadagdag pagkatapos nang hindi sinasabi sa iyo.',
    },
    {
      image: '/img/site/adv-flexible.svg',
      title: 'Flexible na pagbabayad',
      text: 'Mga terminong 91 araw o higit pa, mga paalala sa pagbabayad, at opsyong mag-extend kapag kailangan mo ng mas maraming oras.',
    },
    {
      image: '/img/site/adv-secure.svg',
      title: 'Ligtas ang iyong datos',
      text: 'Naka-encrypt ang mga koneksyon, at ginagamit lamang ang iyong impormasyon ayon sa aming patakaran sa privacy.',
    },
  ],
  steps: [
    { title: 'Mag-sign up', text: 'Magparehistro gamit ang iyong mobile number at isang beses na SMS code.' },
    { title: 'Mag-apply', text: 'Pumili ng halaga at termino, at basahin ang buong gastos bago ka magkumpirma.' },
    { title: 'Tanggapin', text: 'Kapag naaprubahan, ipapadala ang pera sa account na pinili mo.' },
  ],
  reviews: [
    {
      name: 'Maricel D.',
      place: 'Quezon City',
      stars: 5,
      text: 'Kailangang bayaran ang matrikula ng anak ko bago ang exam. Nag-apply ako sa gabi at nasa GCash ko na ang pera makalipas ang dalawang araw.',
    },
    {
      name: 'Rodel P.',
      place: 'Cebu City',
      stars: 5,
      text: 'Nagustuhan ko na ipinakita ng app ang eksaktong kabuuan bago ako pumayag. Nagbayad ako sa 7-Eleven gamit ang reference number, madali lang.',
    },
    {
      name: 'Joy A.',
      place: 'Davao City',
      stars: 4,
      text: 'Kinulang ako ng ilang araw sa takdang petsa at na-extend ko ang loan. Sinagot ng customer service ang e-mail ko sa araw ding iyon.',
    },
  ],
  termsSummary:
    'Ipinapaliwanag ng mga tuntunin at kondisyon ng loan ang interes, ang fees, ang mga penalty sa late na pagbabayad, ang maagang pagbabayad at extension, at kung paano inilalapat ang bawat bayad.',
};
