import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { certificateLabel } from '../../company-text';

/** spec 000 §2 About us: mission, advantages, team, contact e-mail. Filipino. */
export function aboutUsFil(c: CompanyInfo): DocContent {
  return {
    intro: [
      `Ang ${c.appName} ay isang cash-loan service para sa mga tao sa Pilipinas. Pinapatakbo ito ng ${c.lenderName}, isang lending company na rehistrado sa Securities and Exchange Commission (SEC Registration No. ${c.secRegistrationNo}) at may Certificate of Authority ${certificateLabel(c.certificateOfAuthorityNo)} para mag-operate bilang lending company.`,
    ],
    sections: [
      {
        heading: 'Ang aming misyon',
        blocks: [
          'Hindi naghihintay ang buhay sa sweldo. Ang bayarin sa ospital, matrikula, pagkukumpuni sa bahay o mahinang linggo sa negosyo ay maaaring dumating anumang oras. Ang aming misyon ay hayaan kang humiram ng makatwirang halaga nang mabilis, mula sa iyong phone, nang walang pila at walang collateral.',
          'Responsable kaming magpahiram. Nag-aalok kami ng halagang kaya mong bayaran, ipinapakita namin ang buong gastos bago ka pumayag, at iginagalang namin ang bawat borrower, kahit na huli ang bayad.',
        ],
      },
      {
        heading: 'Bakit sa amin manghiram',
        blocks: [
          {
            list: [
              {
                term: 'Mabilis na approval.',
                text: 'Mag-apply sa loob ng ilang minuto mula sa iyong phone. May desisyon kami sa loob ng 1 araw, at kapag tinanggap mo ang alok, ipapadala ang pera sa iyong account sa loob ng 1 hanggang 3 araw.',
              },
              {
                term: 'Malinaw na fees.',
                text: 'Bago ka pumayag, ipinapakita namin ang halagang matatanggap mo, bawat fee at singil sa interes, ang mga petsa ng pagbabayad at ang kabuuang babayaran mo. Walang idinadagdag pagkatapos nang hindi sinasabi sa iyo.',
              },
              {
                term: 'Flexible na pagbabayad.',
                text: 'Magbayad sa GCash, Maya, 7-Eleven, Cebuana, Palawan, ECPay o QR Ph. Maaari kang magbayad nang maaga kapag lumipas na ang kalahati ng termino ng iyong loan, at maaari kang humingi ng extension kung kailangan mo ng mas maraming oras.',
              },
              {
                term: 'Seguridad.',
                text: 'Protektado ang iyong personal na impormasyon sa ilalim ng Data Privacy Act of 2012. Naka-encrypt ang aming mga koneksyon, at hindi kailanman hihingin ng aming staff ang code na ipinapadala namin sa iyo sa SMS.',
              },
            ],
          },
        ],
      },
      {
        heading: 'Ang aming team',
        blocks: [
          'Pinagsasama ng aming team ang mga taong may alam sa credit, customer care at teknolohiya. Sinusuri ng mga credit officer ang bawat aplikasyon, sinasagot ng aming customer-service team ang iyong mga tanong at reklamo, at pinananatiling ligtas at gumagana ng aming mga engineer ang app.',
          'Sinusunod namin ang mga patakaran ng SEC para sa mga lending company, kasama ang mga patakaran nito laban sa hindi patas na paniningil ng utang. Hindi kailanman ipinapahiya, tinatakot o iniinsulto ng aming mga collector ang isang borrower, at hindi nila kailanman kinokontak ang mga tao sa contact list ng iyong phone tungkol sa iyong loan.',
        ],
      },
      {
        heading: 'Makipag-ugnayan sa amin',
        blocks: [
          `May tanong, mungkahi o problema sa iyong loan? Sumulat sa amin sa ${c.email} o tumawag sa ${c.phone}. Ang aming opisina ay nasa ${c.address}.`,
        ],
      },
    ],
  };
}
