"""Sentence banks per language for chat, email, tickets, letters and prose (written for this corpus).

Placeholders: {name} {fname} {lname} {title} {phone} {mobile} {email} {street} {postcode} {city} {addr}
{card} {iban} {nid} {nid_label} {order} {date} {time} {amount} {product} {company} {dob} {tracking}
{other} {other_phone} {passport}
"""

PH = {}

PH["en"] = dict(
    hello=["Hi {fname},", "Hello {fname},", "Dear {title} {lname},", "Dear {name},", "Hi {fname}!", "Good morning {fname},"],
    hello_team=["Hi team,", "Hello all,", "Hi support,", "Hello,", "Dear Sir or Madam,"],
    bye=["Best regards,", "Kind regards,", "Thanks,", "Cheers,", "Many thanks,", "Best,"],
    chat=[
        "my number is {phone} if that's easier", "you can call me on {mobile}", "new address is {street}, {postcode} {city}",
        "can you send it to {email}?", "card ending... actually full number is {card}, exp {date}", "my iban is {iban}",
        "ok I'll ask {other}, her number is {other_phone}", "order {order} still not here", "it says delivered at {time}??",
        "thanks!!", "ok", "one sec", "pls use {street} not the old one", "I'm at {street} until {time}",
        "did {other} get the invoice? {amount} is wrong", "email me at {email} pls", "call {mobile} after {time}",
        "shipping label says {name}, {street}, {city} {postcode}", "my {nid_label} is {nid} if you need it for the form",
        "tracking {tracking} shows nothing", "sure, see you {date}", "{will} do", "{mark} as read pls, it's sorted",
    ],
    agent=[
        "Thanks {fname}, let me check that for you.", "Could you confirm the postcode on the account?", "I've updated the phone number to {phone}.",
        "Your refund of {amount} has been issued.", "I can see order {order} was dispatched on {date}.", "Is there anything else I can help with?",
        "For security, please don't share full card numbers here.", "I'll email the label to {email} shortly.",
    ],
    inquiry=[
        "I ordered {product} on {date} (order {order}) and it still hasn't arrived. Could you check what's going on?",
        "I moved recently. Please update my address to {street}, {postcode} {city} and my phone number to {phone}.",
        "I was charged {amount} twice on my card {card}. Please refund one of the payments.",
        "Please send the signed contract to my private address: {addr}. You can reach me on {mobile}.",
        "I need a copy of my last invoice. My customer account is under {email}.",
        "My colleague {other} ({other_phone}) will pick up the parcel on my behalf.",
        "For the direct debit, please use my new account {iban} from next month.",
    ],
    ticket_note=[
        "Customer called from {phone}, verified with DOB {dob}.", "Spoke to {name}; confirmed address {addr}.",
        "Escalated to billing. Card on file {card}.", "Left voicemail on {mobile} at {time}.",
        "Customer says {other} is authorised to discuss the account.", "Refund {amount} approved by team lead.",
        "Duplicate of {order}; merged.", "Will follow up by email ({email}).",
    ],
    letter_subject=["Your contract", "Change of address", "Confirmation of your account", "Final reminder: invoice {order}",
                    "Termination of tenancy", "Reference for {name}"],
    letter_body=[
        "We are writing to confirm that your account has been updated with effect from {date}. Our records now show your address as {addr} and your telephone number as {phone}.",
        "Please find enclosed the documents you requested. If any details are incorrect, contact us at {email} or call {phone}, quoting reference {order}.",
        "The outstanding amount of {amount} will be collected from your account {iban} on or after {date}.",
        "I hereby give notice to terminate the tenancy of the flat at {street}, {postcode} {city} as of {date}.",
        "{name} has worked with us as {job} since {date}. We can recommend {fname} without reservation.",
    ],
    prose=[
        "{name}, {job} at {company}, moved to {city} in {year}. Friends describe {fname} as meticulous; neighbours on {street} mostly know {fname} from the bakery queue.",
        "According to the report, {name} (born {dob}) was reachable at {phone} and used the address {addr} for all correspondence.",
        "At the meeting on {date}, {name} presented the figures and {other} agreed to follow up with the supplier by {time}.",
        "The claimant, {name}, lives at {street} in {city} and can be contacted at {email}.",
        "When {fname} called from {mobile}, the line kept dropping, so {other} wrote down the number and passed it on.",
    ],
)

PH["de"] = dict(
    hello=["Hallo {fname},", "Guten Tag {title} {lname},", "Sehr geehrte(r) {title} {lname},", "Liebe(r) {fname},", "Moin {fname},"],
    hello_team=["Hallo zusammen,", "Sehr geehrte Damen und Herren,", "Hallo Support-Team,", "Guten Tag,"],
    bye=["Viele Grüße", "Mit freundlichen Grüßen", "Beste Grüße", "LG", "Danke und Gruß"],
    chat=[
        "meine Nummer ist {phone}", "ruf mich einfach unter {mobile} an", "neue Adresse: {street}, {postcode} {city}",
        "schick es bitte an {email}", "Kartennummer ist {card}, gültig bis {date}", "meine IBAN: {iban}",
        "frag mal {other}, die Nummer ist {other_phone}", "Bestellung {order} ist immer noch nicht da", "laut Tracking zugestellt um {time}??",
        "danke!!", "ok", "moment", "bitte an {street} liefern, nicht an die alte Adresse", "bin bis {time} in der {street}",
        "hat {other} die Rechnung bekommen? {amount} stimmt nicht", "Sendungsnummer {tracking} zeigt nichts an",
        "meine {nid_label} ist {nid}, falls ihr die braucht", "bis {date} dann",
    ],
    agent=["Danke {fname}, ich schaue kurz nach.", "Können Sie mir bitte die PLZ bestätigen?", "Ich habe die Telefonnummer auf {phone} geändert.",
           "Die Erstattung über {amount} wurde veranlasst.", "Bestellung {order} wurde am {date} verschickt.", "Kann ich sonst noch helfen?"],
    inquiry=[
        "ich habe am {date} {product} bestellt (Bestellnr. {order}), die Lieferung ist aber noch nicht angekommen.",
        "ich bin umgezogen. Bitte ändern Sie meine Anschrift auf {street}, {postcode} {city} und meine Telefonnummer auf {phone}.",
        "mir wurden {amount} doppelt von meiner Karte {card} abgebucht. Bitte erstatten Sie eine Zahlung.",
        "bitte schicken Sie den unterschriebenen Vertrag an {addr}. Mobil erreichen Sie mich unter {mobile}.",
        "bitte buchen Sie die Beiträge ab sofort von meinem neuen Konto {iban} ab.",
        "mein Kollege {other} ({other_phone}) holt das Paket für mich ab.",
    ],
    ticket_note=["Kundin rief von {phone} an, Geburtsdatum {dob} geprüft.", "Mit {name} gesprochen, Adresse {addr} bestätigt.",
                 "An Buchhaltung eskaliert. Hinterlegte Karte {card}.", "Mailbox {mobile} um {time} besprochen.",
                 "Erstattung {amount} freigegeben.", "Rückmeldung per Mail an {email}."],
    letter_subject=["Ihr Vertrag", "Adressänderung", "Kündigung des Mietverhältnisses", "Letzte Mahnung: Rechnung {order}", "Zeugnis für {name}"],
    letter_body=[
        "hiermit bestätigen wir, dass Ihre Daten zum {date} aktualisiert wurden. Ihre Anschrift lautet nun {addr}, Ihre Telefonnummer {phone}.",
        "anbei erhalten Sie die angeforderten Unterlagen. Bei Rückfragen erreichen Sie uns unter {email} oder {phone} (Az. {order}).",
        "der offene Betrag von {amount} wird am {date} von Ihrem Konto {iban} eingezogen.",
        "hiermit kündige ich das Mietverhältnis für die Wohnung {street}, {postcode} {city} fristgerecht zum {date}.",
        "{name} war bei uns seit {date} als {job} tätig. Wir können {fname} uneingeschränkt empfehlen.",
    ],
    prose=[
        "{name}, {job} bei {company}, zog {year} nach {city}. In der {street} kennt man {fname} vor allem vom Bäcker.",
        "Laut Protokoll war {name} (geb. {dob}) unter {phone} erreichbar und nutzte die Anschrift {addr}.",
        "In der Sitzung am {date} stellte {name} die Zahlen vor; {other} kümmert sich bis {time} um den Lieferanten.",
        "Die Antragstellerin {name} wohnt in der {street} in {city} und ist per E-Mail unter {email} erreichbar.",
    ],
)

PH["fr"] = dict(
    hello=["Bonjour {fname},", "Bonjour {title} {lname},", "Madame, Monsieur,", "Cher/Chère {fname},", "Salut {fname} !"],
    hello_team=["Bonjour à tous,", "Madame, Monsieur,", "Bonjour le support,", "Bonjour,"],
    bye=["Cordialement,", "Bien à vous,", "Merci d'avance,", "Bonne journée,", "Salutations distinguées,"],
    chat=[
        "mon numéro c'est {phone}", "appelle-moi au {mobile}", "nouvelle adresse : {street}, {postcode} {city}",
        "envoie-le à {email} stp", "numéro de carte {card}, exp {date}", "mon IBAN : {iban}",
        "demande à {other}, son numéro : {other_phone}", "la commande {order} n'est toujours pas arrivée", "marqué livré à {time} ??",
        "merci !!", "ok", "2 sec", "livrez au {street} svp, pas à l'ancienne adresse", "le colis {tracking} ne bouge plus",
        "mon {nid_label} : {nid}", "à {date} alors",
    ],
    agent=["Merci {fname}, je vérifie.", "Pouvez-vous me confirmer le code postal ?", "J'ai mis à jour le numéro : {phone}.",
           "Le remboursement de {amount} a été effectué.", "La commande {order} est partie le {date}."],
    inquiry=[
        "j'ai commandé {product} le {date} (commande {order}) et je n'ai toujours rien reçu.",
        "j'ai déménagé. Merci de mettre à jour mon adresse : {street}, {postcode} {city}, et mon numéro : {phone}.",
        "j'ai été débité deux fois de {amount} sur ma carte {card}. Merci de me rembourser.",
        "merci d'envoyer le contrat signé à {addr}. Vous pouvez me joindre au {mobile}.",
        "pour le prélèvement, merci d'utiliser désormais mon compte {iban}.",
        "mon collègue {other} ({other_phone}) récupérera le colis à ma place.",
    ],
    ticket_note=["Client appelé au {phone}, date de naissance {dob} vérifiée.", "Échange avec {name}, adresse {addr} confirmée.",
                 "Escaladé à la compta. Carte enregistrée {card}.", "Message laissé au {mobile} à {time}.", "Remboursement {amount} validé."],
    letter_subject=["Votre contrat", "Changement d'adresse", "Résiliation du bail", "Dernier rappel : facture {order}", "Attestation pour {name}"],
    letter_body=[
        "Nous vous confirmons que votre dossier a été mis à jour au {date}. Votre adresse est désormais {addr} et votre numéro {phone}.",
        "Veuillez trouver ci-joint les documents demandés. Pour toute question : {email} ou {phone} (réf. {order}).",
        "Le montant de {amount} sera prélevé sur votre compte {iban} à partir du {date}.",
        "Par la présente, je vous informe de la résiliation du bail de l'appartement situé {street}, {postcode} {city}, à compter du {date}.",
        "{name} travaille chez nous en qualité de {job} depuis le {date}.",
    ],
    prose=[
        "{name}, {job} chez {company}, s'est installé(e) à {city} en {year}. Rue {street}, tout le monde connaît {fname}.",
        "Selon le rapport, {name} (né(e) le {dob}) était joignable au {phone} et utilisait l'adresse {addr}.",
        "Lors de la réunion du {date}, {name} a présenté les chiffres ; {other} relancera le fournisseur avant {time}.",
    ],
)

PH["es"] = dict(
    hello=["Hola {fname}:", "Estimado/a {title} {lname}:", "Buenos días, {fname}:", "Hola {fname},"],
    hello_team=["Hola a todos:", "Estimados señores:", "Hola, equipo de soporte:", "Buenas tardes:"],
    bye=["Saludos,", "Un saludo,", "Atentamente,", "Gracias de antemano,", "Un abrazo,"],
    chat=[
        "mi número es el {phone}", "llámame al {mobile}", "nueva dirección: {street}, {postcode} {city}", "mándalo a {email} porfa",
        "la tarjeta es {card}, caduca {date}", "mi IBAN: {iban}", "pregúntale a {other}, su número es {other_phone}",
        "el pedido {order} sigue sin llegar", "pone entregado a las {time}??", "gracias!!", "vale", "un momento",
        "el envío {tracking} no se mueve", "mi {nid_label} es {nid}", "nos vemos el {date}",
    ],
    agent=["Gracias, {fname}, lo reviso ahora.", "¿Me confirma el código postal?", "He actualizado el teléfono a {phone}.",
           "Hemos emitido el reembolso de {amount}.", "El pedido {order} salió el {date}."],
    inquiry=[
        "el {date} pedí {product} (pedido {order}) y todavía no ha llegado.",
        "me he mudado. Por favor, actualicen mi dirección a {street}, {postcode} {city} y mi teléfono a {phone}.",
        "me han cobrado {amount} dos veces en la tarjeta {card}. Les ruego que devuelvan uno de los cargos.",
        "envíen el contrato firmado a {addr}. Me pueden localizar en el {mobile}.",
        "a partir del mes que viene, domicilien los recibos en mi cuenta {iban}.",
        "mi compañero {other} ({other_phone}) recogerá el paquete.",
    ],
    ticket_note=["Cliente llamó desde {phone}, verificada fecha de nacimiento {dob}.", "Hablé con {name}; confirma dirección {addr}.",
                 "Escalado a facturación. Tarjeta {card}.", "Dejé mensaje en el {mobile} a las {time}.", "Reembolso de {amount} aprobado."],
    letter_subject=["Su contrato", "Cambio de domicilio", "Rescisión del contrato de alquiler", "Último aviso: factura {order}"],
    letter_body=[
        "Le confirmamos que sus datos se han actualizado con fecha {date}. Su dirección es ahora {addr} y su teléfono {phone}.",
        "Adjuntamos la documentación solicitada. Para cualquier consulta: {email} o {phone} (ref. {order}).",
        "El importe pendiente de {amount} se cargará en su cuenta {iban} el {date}.",
        "Por la presente comunico la rescisión del contrato de alquiler de la vivienda sita en {street}, {postcode} {city}, con efecto {date}.",
    ],
    prose=[
        "{name}, {job} en {company}, se trasladó a {city} en {year}. En {street} todos conocen a {fname}.",
        "Según el informe, {name} (nacido/a el {dob}) era localizable en el {phone} y residía en {addr}.",
        "En la reunión del {date}, {name} presentó las cifras y {other} contactará con el proveedor antes de las {time}.",
    ],
)

PH["it"] = dict(
    hello=["Ciao {fname},", "Gentile {title} {lname},", "Buongiorno {fname},", "Egregio/a {title} {lname},"],
    hello_team=["Buongiorno a tutti,", "Spett.le Servizio Clienti,", "Ciao a tutti,", "Buongiorno,"],
    bye=["Cordiali saluti,", "Distinti saluti,", "Grazie mille,", "Un saluto,", "A presto,"],
    chat=[
        "il mio numero è {phone}", "chiamami al {mobile}", "nuovo indirizzo: {street}, {postcode} {city}", "mandalo a {email} per favore",
        "carta {card}, scadenza {date}", "il mio IBAN: {iban}", "chiedi a {other}, il suo numero è {other_phone}",
        "l'ordine {order} non è ancora arrivato", "risulta consegnato alle {time}??", "grazie!!", "ok", "un attimo",
        "la spedizione {tracking} è ferma", "il mio {nid_label} è {nid}", "ci vediamo il {date}",
    ],
    agent=["Grazie {fname}, verifico subito.", "Mi conferma il CAP?", "Ho aggiornato il numero: {phone}.",
           "Il rimborso di {amount} è stato emesso.", "L'ordine {order} è partito il {date}."],
    inquiry=[
        "il {date} ho ordinato {product} (ordine {order}) ma non è ancora arrivato.",
        "mi sono trasferito. Vi prego di aggiornare l'indirizzo in {street}, {postcode} {city} e il telefono in {phone}.",
        "mi sono stati addebitati {amount} due volte sulla carta {card}.",
        "inviate il contratto firmato a {addr}. Sono raggiungibile al {mobile}.",
        "dal prossimo mese addebitate le rate sul conto {iban}.",
        "il mio collega {other} ({other_phone}) ritirerà il pacco.",
    ],
    ticket_note=["Cliente ha chiamato dal {phone}, verificata data di nascita {dob}.", "Parlato con {name}, confermato indirizzo {addr}.",
                 "Passato all'amministrazione. Carta {card}.", "Lasciato messaggio al {mobile} alle {time}.", "Rimborso {amount} approvato."],
    letter_subject=["Il Suo contratto", "Cambio di residenza", "Disdetta del contratto di locazione", "Sollecito: fattura {order}"],
    letter_body=[
        "Le confermiamo che i Suoi dati sono stati aggiornati in data {date}. Il nuovo indirizzo è {addr}, telefono {phone}.",
        "In allegato trova la documentazione richiesta. Per informazioni: {email} oppure {phone} (rif. {order}).",
        "L'importo di {amount} sarà addebitato sul conto {iban} a partire dal {date}.",
        "Con la presente comunico la disdetta del contratto di locazione dell'immobile in {street}, {postcode} {city}, con decorrenza {date}.",
    ],
    prose=[
        "{name}, {job} presso {company}, si è trasferito/a a {city} nel {year}. In {street} tutti conoscono {fname}.",
        "Secondo il verbale, {name} (nato/a il {dob}) era reperibile al {phone} e risiedeva in {addr}.",
    ],
)

PH["nl"] = dict(
    hello=["Hoi {fname},", "Beste {fname},", "Geachte {title} {lname},", "Goedemorgen {fname},"],
    hello_team=["Hallo allemaal,", "Geachte heer/mevrouw,", "Beste klantenservice,", "Goedendag,"],
    bye=["Met vriendelijke groet,", "Groetjes,", "Alvast bedankt,", "Groet,", "Hartelijke groet,"],
    chat=[
        "mijn nummer is {phone}", "bel me op {mobile}", "nieuw adres: {street}, {postcode} {city}", "stuur het naar {email} aub",
        "kaartnummer {card}, geldig tot {date}", "mijn IBAN is {iban}", "vraag het even aan {other}, nummer {other_phone}",
        "bestelling {order} is nog steeds niet binnen", "staat als bezorgd om {time}??", "dank je!!", "oké", "momentje",
        "zending {tracking} staat stil", "mijn {nid_label} is {nid}", "tot {date}",
    ],
    agent=["Dank je {fname}, ik kijk even.", "Kunt u de postcode bevestigen?", "Ik heb het nummer aangepast naar {phone}.",
           "De terugbetaling van {amount} is verwerkt.", "Bestelling {order} is op {date} verzonden."],
    inquiry=[
        "op {date} heb ik {product} besteld (bestelling {order}) maar het is nog niet geleverd.",
        "ik ben verhuisd. Wilt u mijn adres wijzigen naar {street}, {postcode} {city} en mijn telefoonnummer naar {phone}?",
        "er is twee keer {amount} afgeschreven van mijn kaart {card}.",
        "stuur het getekende contract naar {addr}. Ik ben bereikbaar op {mobile}.",
        "wilt u voortaan incasseren van rekening {iban}?",
        "mijn collega {other} ({other_phone}) haalt het pakket op.",
    ],
    ticket_note=["Klant belde vanaf {phone}, geboortedatum {dob} gecontroleerd.", "Gesproken met {name}, adres {addr} bevestigd.",
                 "Doorgezet naar finance. Kaart {card}.", "Voicemail ingesproken op {mobile} om {time}.", "Terugbetaling {amount} akkoord."],
    letter_subject=["Uw contract", "Adreswijziging", "Opzegging huurovereenkomst", "Laatste herinnering: factuur {order}"],
    letter_body=[
        "Hierbij bevestigen wij dat uw gegevens per {date} zijn bijgewerkt. Uw adres is nu {addr} en uw telefoonnummer {phone}.",
        "Bijgaand ontvangt u de gevraagde documenten. Vragen? Mail naar {email} of bel {phone} (kenmerk {order}).",
        "Het openstaande bedrag van {amount} wordt op {date} afgeschreven van rekening {iban}.",
        "Hierbij zeg ik de huur op van de woning aan de {street}, {postcode} {city}, per {date}.",
    ],
    prose=[
        "{name}, {job} bij {company}, verhuisde in {year} naar {city}. Aan de {street} kent iedereen {fname}.",
        "Volgens het verslag was {name} (geboren {dob}) bereikbaar op {phone} en woonachtig op {addr}.",
    ],
)

PH["pt"] = dict(
    hello=["Olá {fname},", "Caro/a {title} {lname},", "Bom dia, {fname},", "Prezado/a {name},"],
    hello_team=["Olá a todos,", "Exmos. Senhores,", "Boa tarde,", "Olá equipa de suporte,"],
    bye=["Cumprimentos,", "Atenciosamente,", "Obrigado/a,", "Abraço,", "Com os melhores cumprimentos,"],
    chat=[
        "meu número é {phone}", "me liga no {mobile}", "endereço novo: {street}, {postcode} {city}", "manda pro {email} por favor",
        "cartão {card}, validade {date}", "o meu IBAN: {iban}", "fala com {other}, o número é {other_phone}",
        "a encomenda {order} ainda não chegou", "diz entregue às {time}??", "obrigado!!", "ok", "só um minuto",
        "rastreio {tracking} parado", "o meu {nid_label} é {nid}", "até {date}",
    ],
    agent=["Obrigado {fname}, vou verificar.", "Pode confirmar o código postal?", "Atualizei o telefone para {phone}.",
           "O reembolso de {amount} foi emitido.", "A encomenda {order} foi expedida em {date}."],
    inquiry=[
        "encomendei {product} em {date} (encomenda {order}) e ainda não recebi.",
        "mudei de casa. Por favor atualizem a morada para {street}, {postcode} {city} e o telefone para {phone}.",
        "fui cobrado duas vezes em {amount} no cartão {card}.",
        "enviem o contrato assinado para {addr}. Contacto: {mobile}.",
        "a partir do próximo mês, usem a conta {iban} para o débito direto.",
        "o meu colega {other} ({other_phone}) vai levantar a encomenda.",
    ],
    ticket_note=["Cliente ligou do {phone}, data de nascimento {dob} verificada.", "Falei com {name}; morada {addr} confirmada.",
                 "Escalado para faturação. Cartão {card}.", "Deixei mensagem no {mobile} às {time}.", "Reembolso {amount} aprovado."],
    letter_subject=["O seu contrato", "Alteração de morada", "Denúncia do contrato de arrendamento", "Último aviso: fatura {order}"],
    letter_body=[
        "Confirmamos que os seus dados foram atualizados em {date}. A morada é agora {addr} e o telefone {phone}.",
        "Junto enviamos os documentos solicitados. Dúvidas: {email} ou {phone} (ref. {order}).",
        "O valor de {amount} será debitado na conta {iban} a partir de {date}.",
        "Venho por este meio denunciar o contrato de arrendamento do imóvel sito na {street}, {postcode} {city}, com efeitos a {date}.",
    ],
    prose=[
        "{name}, {job} na {company}, mudou-se para {city} em {year}. Na {street} todos conhecem {fname}.",
        "Segundo o relatório, {name} (nascido/a em {dob}) era contactável pelo {phone} e residia em {addr}.",
    ],
)

PH["pl"] = dict(
    hello=["Cześć {fname},", "Szanowny Panie / Szanowna Pani {lname},", "Dzień dobry {title} {fname},", "Witam {fname},"],
    hello_team=["Dzień dobry,", "Szanowni Państwo,", "Cześć wszystkim,", "Witam,"],
    bye=["Pozdrawiam,", "Z poważaniem,", "Dziękuję,", "Serdecznie pozdrawiam,"],
    chat=[
        "mój numer to {phone}", "zadzwoń na {mobile}", "nowy adres: {street}, {postcode} {city}", "wyślij na {email} proszę",
        "karta {card}, ważna do {date}", "mój IBAN: {iban}", "zapytaj {other}, numer {other_phone}",
        "zamówienie {order} dalej nie dotarło", "pisze że doręczone o {time}??", "dzięki!!", "ok", "chwila",
        "przesyłka {tracking} stoi", "mój {nid_label}: {nid}", "do zobaczenia {date}",
    ],
    agent=["Dziękuję {fname}, sprawdzam.", "Proszę potwierdzić kod pocztowy.", "Zaktualizowałem numer na {phone}.",
           "Zwrot {amount} został zlecony.", "Zamówienie {order} wysłano {date}."],
    inquiry=[
        "{date} zamówiłem {product} (zamówienie {order}) i nadal nie dotarło.",
        "przeprowadziłem się. Proszę zmienić adres na {street}, {postcode} {city} oraz telefon na {phone}.",
        "z karty {card} pobrano dwukrotnie {amount}.",
        "proszę przesłać podpisaną umowę na adres {addr}. Kontakt: {mobile}.",
        "od przyszłego miesiąca proszę pobierać opłaty z rachunku {iban}.",
        "mój kolega {other} ({other_phone}) odbierze paczkę.",
    ],
    ticket_note=["Klient dzwonił z {phone}, data urodzenia {dob} zweryfikowana.", "Rozmowa z {name}, adres {addr} potwierdzony.",
                 "Przekazano do księgowości. Karta {card}.", "Nagrano wiadomość na {mobile} o {time}.", "Zwrot {amount} zatwierdzony."],
    letter_subject=["Pana/Pani umowa", "Zmiana adresu", "Wypowiedzenie umowy najmu", "Ostateczne wezwanie: faktura {order}"],
    letter_body=[
        "Potwierdzamy, że dane zostały zaktualizowane z dniem {date}. Aktualny adres: {addr}, telefon: {phone}.",
        "W załączeniu przesyłamy wymagane dokumenty. Pytania: {email} lub {phone} (sygn. {order}).",
        "Kwota {amount} zostanie pobrana z rachunku {iban} w dniu {date}.",
        "Niniejszym wypowiadam umowę najmu lokalu przy {street}, {postcode} {city}, ze skutkiem na dzień {date}.",
    ],
    prose=[
        "{name}, {job} w firmie {company}, przeprowadził(a) się do miasta {city} w {year} roku. Na ulicy {street} wszyscy znają {fname}.",
        "Według notatki {name} (ur. {dob}) był(a) osiągalny(a) pod numerem {phone}, adres: {addr}.",
    ],
)

PH["sv"] = dict(
    hello=["Hej {fname},", "Hej {fname}!", "Bästa {name},", "God morgon {fname},"],
    hello_team=["Hej alla,", "Hej kundtjänst,", "Hej,", "Till berörda,"],
    bye=["Vänliga hälsningar,", "Mvh", "Tack på förhand,", "Hälsningar,"],
    chat=[
        "mitt nummer är {phone}", "ring mig på {mobile}", "ny adress: {street}, {postcode} {city}", "skicka till {email} tack",
        "kortnummer {card}, giltigt till {date}", "mitt IBAN: {iban}", "fråga {other}, numret är {other_phone}",
        "order {order} har fortfarande inte kommit", "står levererad {time}??", "tack!!", "ok", "en sek",
        "försändelse {tracking} står still", "mitt {nid_label} är {nid}", "ses {date}",
    ],
    agent=["Tack {fname}, jag kollar.", "Kan du bekräfta postnumret?", "Jag har uppdaterat numret till {phone}.",
           "Återbetalningen på {amount} är gjord.", "Order {order} skickades {date}."],
    inquiry=[
        "jag beställde {product} den {date} (order {order}) men den har inte kommit.",
        "jag har flyttat. Uppdatera min adress till {street}, {postcode} {city} och mitt nummer till {phone}.",
        "jag har debiterats {amount} två gånger på kortet {card}.",
        "skicka det signerade avtalet till {addr}. Nås på {mobile}.",
        "använd konto {iban} för autogiro från nästa månad.",
        "min kollega {other} ({other_phone}) hämtar paketet.",
    ],
    ticket_note=["Kund ringde från {phone}, födelsedatum {dob} kontrollerat.", "Pratat med {name}, adress {addr} bekräftad.",
                 "Eskalerat till ekonomi. Kort {card}.", "Lämnade röstmeddelande på {mobile} kl {time}.", "Återbetalning {amount} godkänd."],
    letter_subject=["Ditt avtal", "Adressändring", "Uppsägning av hyresavtal", "Sista påminnelse: faktura {order}"],
    letter_body=[
        "Vi bekräftar att dina uppgifter har uppdaterats från och med {date}. Din adress är nu {addr} och ditt telefonnummer {phone}.",
        "Bifogat finns de handlingar du bad om. Frågor: {email} eller {phone} (ärende {order}).",
        "Beloppet {amount} dras från konto {iban} den {date}.",
        "Härmed säger jag upp hyresavtalet för lägenheten på {street}, {postcode} {city}, från och med {date}.",
    ],
    prose=[
        "{name}, {job} på {company}, flyttade till {city} {year}. På {street} känner alla {fname}.",
        "Enligt rapporten var {name} (född {dob}) nåbar på {phone} och bodde på {addr}.",
    ],
)

# words used in templates
W = {
    "en": dict(subject="Subject", from_="From", to="To", cc="Cc", date="Date", wrote="wrote", fwd="Forwarded message",
               desc="Description", internal="Internal note", priority="Priority", sig_tel="Tel", sig_mob="Mobile", re="Re",
               your_ref="Your reference", enclosures="Enclosures", minutes="Minutes", present="Present", actions="Action items"),
    "de": dict(subject="Betreff", from_="Von", to="An", cc="Cc", date="Datum", wrote="schrieb", fwd="Weitergeleitete Nachricht",
               desc="Beschreibung", internal="Interne Notiz", priority="Priorität", sig_tel="Tel.", sig_mob="Mobil", re="AW",
               your_ref="Ihr Zeichen", enclosures="Anlagen", minutes="Protokoll", present="Anwesend", actions="Aufgaben"),
    "fr": dict(subject="Objet", from_="De", to="À", cc="Cc", date="Date", wrote="a écrit", fwd="Message transféré",
               desc="Description", internal="Note interne", priority="Priorité", sig_tel="Tél.", sig_mob="Port.", re="RE",
               your_ref="Votre référence", enclosures="Pièces jointes", minutes="Compte rendu", present="Présents", actions="Actions"),
    "es": dict(subject="Asunto", from_="De", to="Para", cc="CC", date="Fecha", wrote="escribió", fwd="Mensaje reenviado",
               desc="Descripción", internal="Nota interna", priority="Prioridad", sig_tel="Tel.", sig_mob="Móvil", re="RE",
               your_ref="Su referencia", enclosures="Anexos", minutes="Acta", present="Asistentes", actions="Tareas"),
    "it": dict(subject="Oggetto", from_="Da", to="A", cc="Cc", date="Data", wrote="ha scritto", fwd="Messaggio inoltrato",
               desc="Descrizione", internal="Nota interna", priority="Priorità", sig_tel="Tel.", sig_mob="Cell.", re="R",
               your_ref="Vs. riferimento", enclosures="Allegati", minutes="Verbale", present="Presenti", actions="Azioni"),
    "nl": dict(subject="Onderwerp", from_="Van", to="Aan", cc="Cc", date="Datum", wrote="schreef", fwd="Doorgestuurd bericht",
               desc="Omschrijving", internal="Interne notitie", priority="Prioriteit", sig_tel="Tel.", sig_mob="Mob.", re="Re",
               your_ref="Uw kenmerk", enclosures="Bijlagen", minutes="Notulen", present="Aanwezig", actions="Actiepunten"),
    "pt": dict(subject="Assunto", from_="De", to="Para", cc="Cc", date="Data", wrote="escreveu", fwd="Mensagem reencaminhada",
               desc="Descrição", internal="Nota interna", priority="Prioridade", sig_tel="Tel.", sig_mob="Tlm.", re="RE",
               your_ref="Sua referência", enclosures="Anexos", minutes="Ata", present="Presentes", actions="Ações"),
    "pl": dict(subject="Temat", from_="Od", to="Do", cc="DW", date="Data", wrote="napisał(a)", fwd="Wiadomość przekazana dalej",
               desc="Opis", internal="Notatka wewnętrzna", priority="Priorytet", sig_tel="Tel.", sig_mob="Kom.", re="Odp",
               your_ref="Wasz znak", enclosures="Załączniki", minutes="Protokół", present="Obecni", actions="Zadania"),
    "sv": dict(subject="Ämne", from_="Från", to="Till", cc="Kopia", date="Datum", wrote="skrev", fwd="Vidarebefordrat meddelande",
               desc="Beskrivning", internal="Intern anteckning", priority="Prioritet", sig_tel="Tel", sig_mob="Mobil", re="SV",
               your_ref="Er referens", enclosures="Bilagor", minutes="Protokoll", present="Närvarande", actions="Åtgärder"),
}

# negative (no personal data) sentences with trap placeholders: {order} {invoice} {version} {date} {time} {amount}
# {product} {sku} {qty} {measure} {org} {place} {month} {tracking} {ticket} {hash} {uuid}
NEG = {
    "en": [
        "Release {version} rolls out to all regions on {date} at {time} UTC.", "The {product} is back in stock ({qty}) at {amount}.",
        "Order {order} was split into two parcels; tracking {tracking} covers the first one.", "Invoice {invoice} totals {amount} incl. VAT.",
        "Our {place} warehouse closes early on {month}.", "We migrated the cluster to {org} last quarter; build {hash} is the baseline.",
        "Packaging dimensions changed to {measure}.", "Support ticket {ticket} was closed after the {version} hotfix.",
        "Request {uuid} timed out twice during the nightly job.", "SKU {sku} replaces the discontinued model from {date}.",
        "Payment terms: net 30; the {word} applies.", "Delivery slots on {month} are fully booked.",
    ],
    "de": [
        "Version {version} wird am {date} um {time} Uhr ausgerollt.", "Der Artikel {product} ist wieder lieferbar ({qty}) für {amount}.",
        "Bestellung {order} wurde auf zwei Pakete aufgeteilt; Sendungsnummer {tracking}.", "Rechnung {invoice} über {amount} inkl. MwSt.",
        "Unser Lager in {place} schließt am {date} früher.", "Verpackungsmaße neu: {measure}.", "Ticket {ticket} wurde nach dem Update {version} geschlossen.",
        "Artikelnummer {sku} ersetzt das Vorgängermodell ab {date}.", "Wir nutzen seit dem letzten Quartal {org}.",
    ],
    "fr": [
        "La version {version} sera déployée le {date} à {time}.", "Le produit {product} est de nouveau disponible ({qty}) à {amount}.",
        "La commande {order} a été expédiée en deux colis ; suivi {tracking}.", "La facture {invoice} s'élève à {amount} TTC.",
        "Notre entrepôt de {place} fermera plus tôt le {date}.", "Nouvelles dimensions du colis : {measure}.",
        "Le ticket {ticket} a été clôturé après le correctif {version}.", "La référence {sku} remplace l'ancien modèle à partir du {date}.",
    ],
    "es": [
        "La versión {version} se desplegará el {date} a las {time}.", "El producto {product} vuelve a estar disponible ({qty}) por {amount}.",
        "El pedido {order} se dividió en dos bultos; seguimiento {tracking}.", "La factura {invoice} asciende a {amount} IVA incluido.",
        "Nuestro almacén de {place} cierra antes el {date}.", "Nuevas medidas del embalaje: {measure}.", "El ticket {ticket} se cerró tras la versión {version}.",
    ],
    "it": [
        "La versione {version} sarà rilasciata il {date} alle {time}.", "Il prodotto {product} è di nuovo disponibile ({qty}) a {amount}.",
        "L'ordine {order} è stato diviso in due colli; tracking {tracking}.", "La fattura {invoice} ammonta a {amount} IVA inclusa.",
        "Il magazzino di {place} chiude prima il {date}.", "Nuove dimensioni dell'imballo: {measure}.",
    ],
    "nl": [
        "Versie {version} wordt op {date} om {time} uitgerold.", "{product} is weer op voorraad ({qty}) voor {amount}.",
        "Bestelling {order} is in twee pakketten verzonden; track & trace {tracking}.", "Factuur {invoice} bedraagt {amount} incl. btw.",
        "Ons magazijn in {place} sluit eerder op {date}.", "Nieuwe verpakkingsmaten: {measure}.",
    ],
    "pt": [
        "A versão {version} será lançada em {date} às {time}.", "O produto {product} voltou ao stock ({qty}) por {amount}.",
        "A encomenda {order} foi dividida em dois volumes; seguimento {tracking}.", "A fatura {invoice} totaliza {amount} com IVA.",
        "O armazém de {place} fecha mais cedo a {date}.", "Novas dimensões da embalagem: {measure}.",
    ],
    "pl": [
        "Wersja {version} zostanie wdrożona {date} o {time}.", "Produkt {product} jest znów dostępny ({qty}) w cenie {amount}.",
        "Zamówienie {order} podzielono na dwie paczki; numer przesyłki {tracking}.", "Faktura {invoice} na kwotę {amount} brutto.",
        "Magazyn w {place} zamknięty wcześniej {date}.", "Nowe wymiary opakowania: {measure}.",
    ],
    "sv": [
        "Version {version} rullas ut den {date} kl {time}.", "{product} finns i lager igen ({qty}) för {amount}.",
        "Order {order} delades upp i två paket; spårning {tracking}.", "Faktura {invoice} uppgår till {amount} inkl. moms.",
        "Vårt lager i {place} stänger tidigare den {date}.", "Nya förpackningsmått: {measure}.",
    ],
}

# boilerplate without personal data (disclaimers, consent notes, auto replies)
BOILER = {
    "en": ["This e-mail and any attachments are confidential and intended solely for the addressee. If you have received it in error, please notify the sender and delete it. Any unauthorised use, disclosure or copying is prohibited.",
           "I consent to the processing of my personal data for the purpose of handling this request in accordance with the privacy notice. I can withdraw my consent at any time with effect for the future.",
           "Thank you for contacting us. We aim to respond within two business days. Please do not reply to this automated message; add any new information to the existing case instead."],
    "de": ["Diese E-Mail enthält vertrauliche Informationen. Wenn Sie nicht der richtige Adressat sind oder diese E-Mail irrtümlich erhalten haben, informieren Sie bitte sofort den Absender und vernichten Sie diese Mail. Das unerlaubte Kopieren sowie die unbefugte Weitergabe dieser Mail ist nicht gestattet.",
           "Ich willige ein, dass meine Angaben zur Bearbeitung meines Anliegens gespeichert und verarbeitet werden. Die Einwilligung kann ich jederzeit mit Wirkung für die Zukunft widerrufen.",
           "Vielen Dank für Ihre Nachricht. Wir melden uns innerhalb von zwei Werktagen. Bitte antworten Sie nicht auf diese automatische Nachricht."],
    "fr": ["Ce message et ses pièces jointes sont confidentiels et destinés exclusivement à leur destinataire. Si vous l'avez reçu par erreur, merci d'en informer l'expéditeur et de le supprimer.",
           "J'accepte que mes données soient traitées pour le traitement de ma demande, conformément à la politique de confidentialité. Je peux retirer mon consentement à tout moment.",
           "Merci de nous avoir contactés. Nous vous répondrons sous deux jours ouvrés. Merci de ne pas répondre à ce message automatique."],
    "es": ["Este mensaje y sus anexos son confidenciales y están dirigidos exclusivamente a su destinatario. Si lo ha recibido por error, comuníquelo al remitente y elimínelo.",
           "Acepto el tratamiento de mis datos personales para la gestión de esta solicitud conforme a la política de privacidad. Puedo retirar mi consentimiento en cualquier momento.",
           "Gracias por contactar con nosotros. Responderemos en un plazo de dos días laborables. Por favor, no responda a este mensaje automático."],
    "it": ["Questo messaggio e i suoi allegati sono riservati e destinati esclusivamente al destinatario. Se lo avete ricevuto per errore, informate il mittente e cancellatelo.",
           "Acconsento al trattamento dei miei dati personali per la gestione della presente richiesta ai sensi dell'informativa privacy.",
           "Grazie per averci contattato. Risponderemo entro due giorni lavorativi. Si prega di non rispondere a questo messaggio automatico."],
    "nl": ["Dit bericht en eventuele bijlagen zijn vertrouwelijk en uitsluitend bestemd voor de geadresseerde. Heeft u dit bericht per vergissing ontvangen, informeer dan de afzender en verwijder het bericht.",
           "Ik geef toestemming voor de verwerking van mijn persoonsgegevens voor de afhandeling van dit verzoek, conform de privacyverklaring.",
           "Bedankt voor uw bericht. Wij reageren binnen twee werkdagen. Dit is een automatisch bericht; u kunt hier niet op antwoorden."],
    "pt": ["Esta mensagem e os seus anexos são confidenciais e destinam-se exclusivamente ao destinatário. Se a recebeu por engano, informe o remetente e elimine-a.",
           "Autorizo o tratamento dos meus dados pessoais para efeitos de gestão deste pedido, nos termos da política de privacidade.",
           "Obrigado pelo seu contacto. Responderemos no prazo de dois dias úteis. Por favor não responda a esta mensagem automática."],
    "pl": ["Ta wiadomość i jej załączniki są poufne i przeznaczone wyłącznie dla adresata. Jeśli otrzymali ją Państwo przez pomyłkę, prosimy o poinformowanie nadawcy i jej usunięcie.",
           "Wyrażam zgodę na przetwarzanie moich danych osobowych w celu realizacji zgłoszenia zgodnie z polityką prywatności.",
           "Dziękujemy za wiadomość. Odpowiemy w ciągu dwóch dni roboczych. Prosimy nie odpowiadać na tę automatyczną wiadomość."],
    "sv": ["Detta e-postmeddelande och eventuella bilagor är konfidentiella och endast avsedda för mottagaren. Om du fått meddelandet av misstag, meddela avsändaren och radera det.",
           "Jag samtycker till att mina personuppgifter behandlas för att hantera detta ärende enligt integritetspolicyn.",
           "Tack för ditt meddelande. Vi svarar inom två arbetsdagar. Detta är ett automatiskt meddelande som inte går att besvara."],
}
